"""battlefield"""
