"""Reads an obs-migrate report with a real consumer of its format and prints how many
findings it holds, or fails. Usage: read_reports.py FORMAT FILE

- junit: junitparser (PyPI), the parser test-report tools are built on (each finding a failing
  case, or a passing one whose output says it is info);
- checkstyle: the standard library's XML parser, every <error> with Checkstyle's attributes;
- codeclimate: jsonschema (PyPI) against the fields GitLab's Code Quality report requires.
"""
import json
import sys
import xml.etree.ElementTree as ET

CODE_QUALITY_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["description", "check_name", "fingerprint", "severity", "location"],
        "properties": {
            "description": {"type": "string", "minLength": 1},
            "check_name": {"type": "string", "minLength": 1},
            "fingerprint": {"type": "string", "minLength": 1},
            "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
            "location": {
                "type": "object",
                "required": ["path", "lines"],
                "properties": {
                    "path": {"type": "string", "minLength": 1},
                    "lines": {"type": "object", "required": ["begin"], "properties": {"begin": {"type": "integer", "minimum": 1}}},
                },
            },
        },
    },
}


def main():
    fmt, path = sys.argv[1], sys.argv[2]
    if fmt == "junit":
        from junitparser import JUnitXml, Failure
        count = 0
        for suite in JUnitXml.fromfile(path):
            for case in suite:
                failures = [r for r in case.result if isinstance(r, Failure)]
                assert case.classname, "test case without classname"
                if not failures:
                    # An info finding (it does not fail the run) is a passing case that says it.
                    assert case.system_out and ": info: " in case.system_out, f"test case {case.name} has no failure and no info output"
                    count += 1
                    continue
                count += len(failures)
        print(count)
    elif fmt == "checkstyle":
        root = ET.parse(path).getroot()
        assert root.tag == "checkstyle", root.tag
        count = 0
        for file in root.findall("file"):
            assert file.get("name"), "file without name"
            for error in file.findall("error"):
                for attribute in ("line", "column", "severity", "message", "source"):
                    assert error.get(attribute), f"error without {attribute}"
                assert error.get("severity") in ("error", "warning", "info"), error.get("severity")
                count += 1
        print(count)
    elif fmt == "codeclimate":
        import jsonschema
        issues = json.load(open(path, encoding="utf-8"))
        jsonschema.validate(issues, CODE_QUALITY_SCHEMA)
        fingerprints = [issue["fingerprint"] for issue in issues]
        assert len(set(fingerprints)) == len(fingerprints), "fingerprints are not unique"
        print(len(issues))
    else:
        sys.exit(f"unknown format {fmt}")


if __name__ == "__main__":
    main()
