"""Protocols, loaders, runners and reports: the machinery that checks an implementation."""
