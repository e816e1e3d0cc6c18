# The configuration's JSON Schema (schema/snaplayout-config.schema.json; docs/CONFIG.md, "The
# JSON Schema").
#
#   make test-schema   the schema is valid draft 2020-12; every configuration in the repository
#                      that the library accepts validates; of the hostile corpus's refusals for an
#                      unknown key, a wrong type or an out-of-range value, the share the schema
#                      refuses too (reported, with a floor); random configurations, and random
#                      changes to them, get the library's verdict from the schema (Tests/schema)
#
# pytest and hypothesis come from scripts/ensure-python-deps.sh, jsonschema from
# scripts/ensure-schema-deps.sh (PyPI, else Debian's python3-jsonschema).

PYTHON ?= python3

.PHONY: test-schema

TEST_TARGETS += test-schema
CLEAN_FILES  += Tests/schema/__pycache__

test-schema: lib ## the JSON Schema against the library's verdicts (Tests/schema)
	@PYTHON=$(PYTHON) scripts/ensure-python-deps.sh
	@PYTHON=$(PYTHON) scripts/ensure-schema-deps.sh
	SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) $(PYTHON) -m pytest -q -p no:cacheprovider Tests/schema
