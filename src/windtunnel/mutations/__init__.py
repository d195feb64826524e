"""Adversarial prompt mutations: one ``@mutation`` registry, deterministic built-ins, optional LLM."""
