"""lint"""
