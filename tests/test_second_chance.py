"""`build.py test`: a browser test that failed once runs again alone; passing then, it is named
flaky and the run passes; failing again, the run fails; more than a few failures get no rerun."""
import json

import pytest

import build

TESTS = '''
def test_passes():
    assert True
def test_fails():
    assert False, "fails every time"
'''


def layer(ids):
    return {"name": "Node and browser", "code": 1, "failed": len(ids), "failed_ids": ids, "tests": {}, "wall": 1.0}


@pytest.mark.slow  # runs pytest three times: the test runner's own test, not the quick layer's
def test_a_second_chance_names_the_flaky_and_still_fails_the_broken(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "ARTIFACTS", tmp_path / "artifacts")
    (tmp_path / "artifacts").mkdir()
    (tmp_path / "test_sample.py").write_text(TESTS)
    passes, fails = f"{tmp_path}/test_sample.py::test_passes", f"{tmp_path}/test_sample.py::test_fails"

    flaky = layer([passes])
    build.second_chance(flaky)
    assert flaky["code"] == 0 and flaky["flaky"] == [passes]
    assert json.loads((tmp_path / "artifacts" / "flaky.json").read_text()) == {"failed_once_passed_alone": [passes]}

    broken = layer([passes, fails])
    build.second_chance(broken)
    assert broken["code"] == 1 and "flaky" not in broken
    assert not (tmp_path / "artifacts" / "flaky.json").exists()  # the last run's list is gone

    many = layer([passes] * (build.SECOND_CHANCES + 1))
    build.second_chance(many)
    assert many["code"] == 1 and "flaky" not in many
