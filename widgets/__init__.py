"""Widgets"""
