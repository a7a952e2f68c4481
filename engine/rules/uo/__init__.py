"""rules/uo"""
