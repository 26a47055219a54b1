"""The content files pipeline: the TOML layout (schema, files), loading and dumping (loader), the
checks (checks, completeness, terminology) run by `load_content --check` and the tests."""
