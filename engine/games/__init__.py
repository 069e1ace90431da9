"""One subpackage (or module) per ruleset; each exposes a ``RULESET`` instance."""
