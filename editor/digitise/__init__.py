"""Digitising a published map: importing and calibrating its scan, the grid settings."""
