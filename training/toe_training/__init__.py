"""Reference training pipeline for ToE Audit model bundles (see docs/model-bundle.md)."""

BUNDLE_SCHEMA_VERSION = 1
