"""Checks Scenarios/scenario.schema.json with the `jsonschema` package: the schema itself is a valid draft 2020-12
schema, every bundled scenario matches it, and every invalid loader fixture under Tests/Fixtures/invalid does not."""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "Scenarios/scenario.schema.json").read_text(encoding="utf-8"))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)

problems = []
scenarios = sorted(p for p in (root / "Scenarios").rglob("*.json") if not p.name.endswith(".schema.json"))
for path in scenarios:
    document = json.loads(path.read_text(encoding="utf-8"))
    for error in validator.iter_errors(document):
        problems.append(f"{path.relative_to(root)}: rejected at {error.json_path}: {error.message}")
fixtures = sorted((root / "Tests/Fixtures/invalid").glob("*.json"))
for path in fixtures:
    if validator.is_valid(json.loads(path.read_text(encoding="utf-8"))):
        problems.append(f"{path.relative_to(root)}: accepted, but the loader rejects it")

if not scenarios or not fixtures:
    problems.append(f"found {len(scenarios)} scenarios and {len(fixtures)} invalid fixtures; expected some of each")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"The schema accepts {len(scenarios)} bundled scenarios and rejects {len(fixtures)} invalid fixtures.")
