"""`check --shard K/N` and `merge` (harness/run/shards.py, harness/cli/merge.py): every scenario in exactly one
stable slice, and the slices merged into the results.json, junit.xml and index.html of one plain run, time aside;
slices that are not the N slices of one run refused with the file and the field."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from harness.cli import main
from harness.run.runner import run
from harness.run.shards import parse_shard, shard_of

N = 3


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A plain run of the whole suite and its N slices, in this process (the reference engine), and the merge."""
    tmp = tmp_path_factory.mktemp("shards")
    out = {"plain": tmp / "plain"}
    assert run(report_dir=out["plain"], quiet=True).results is not None
    for k in range(1, N + 1):
        out[f"s{k}"] = tmp / f"s{k}"
        assert run(report_dir=out[f"s{k}"], quiet=True, extra=["--shard", f"{k}/{N}"]).results is not None
    out["merged"] = tmp / "merged"
    assert main(["merge", *(str(out[f"s{k}"]) for k in range(1, N + 1)), "--report-dir", str(out["merged"])]) == 0
    return out


def _json(folder: Path) -> dict:
    return json.loads((folder / "results.json").read_text("utf-8"))


def _timeless_json(folder: Path) -> dict:
    data = _json(folder)
    del data["run"]["started"], data["run"]["duration_s"]
    for result in data["results"]:
        del result["duration_s"]
    return data


def _timeless_junit(folder: Path) -> str:
    return re.sub(r' (time|timestamp)="[^"]*"', "", (folder / "junit.xml").read_text("utf-8"))


def _timeless_html(folder: Path) -> str:
    html = (folder / "index.html").read_text("utf-8")
    html = re.sub(r"<dd>\d{4}-\d\d-\d\dT[0-9:]+Z</dd>", "<dd>T</dd>", html)
    html = re.sub(r"<dd>\d+\.\d\d s</dd>", "<dd>D s</dd>", html)
    return re.sub(r'<td class="n">\d+\.\d{3}</td>', '<td class="n">D</td>', html)


def test_every_scenario_in_exactly_one_stable_slice(runs: dict[str, Path]) -> None:
    plain = [r["scenario"] for r in _json(runs["plain"])["results"]]
    slices = {k: [r["scenario"] for r in _json(runs[f"s{k}"])["results"]] for k in range(1, N + 1)}
    every = [sid for ids in slices.values() for sid in ids]
    assert sorted(every) == sorted(plain) and len(set(every)) == len(every) == len(plain) > 300
    for k, ids in slices.items():
        assert ids and all(shard_of(sid, N) == k for sid in ids)    # by a hash of the id, not by file order
        assert len(ids) > len(plain) / N / 2                         # no slice is nearly empty
        assert _json(runs[f"s{k}"])["run"]["shard"]["order"] == plain


def test_merged_reports_equal_the_plain_runs_but_for_time(runs: dict[str, Path]) -> None:
    merged, plain = runs["merged"], runs["plain"]
    assert _timeless_json(merged) == _timeless_json(plain)
    assert "shard" not in _json(merged)["run"]
    assert _timeless_junit(merged) == _timeless_junit(plain)
    assert _timeless_html(merged) == _timeless_html(plain)
    slices = [_json(runs[f"s{k}"])["run"] for k in range(1, N + 1)]
    assert _json(merged)["run"]["duration_s"] == max(s["duration_s"] for s in slices)
    assert _json(merged)["run"]["started"] == min(s["started"] for s in slices)


def _merge(capsys: pytest.CaptureFixture[str], *dirs: Path, out: Path) -> tuple[int, str]:
    code = main(["merge", *(str(d) for d in dirs), "--report-dir", str(out)])
    return code, capsys.readouterr().err


def test_merge_refuses_a_missing_or_doubled_slice(runs: dict[str, Path], tmp_path: Path, capsys) -> None:
    code, err = _merge(capsys, runs["s1"], runs["s2"], out=tmp_path / "a")
    assert code == 2 and f"slice 3/{N} missing" in err
    code, err = _merge(capsys, runs["s1"], runs["s1"], runs["s2"], runs["s3"], out=tmp_path / "b")
    assert code == 2 and f"slice 1/{N} twice" in err
    assert not (tmp_path / "a" / "results.json").exists() and not (tmp_path / "b" / "results.json").exists()


def _altered(source: Path, tmp_path: Path, change, tag: str) -> Path:
    target = tmp_path / f"{source.name}-{tag}"
    shutil.copytree(source, target)
    data = _json(target)
    change(data)
    (target / "results.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return target


def test_merge_refuses_slices_of_other_engines_suites_or_seeds(runs: dict[str, Path], tmp_path: Path,
                                                             capsys) -> None:
    other_engine = _altered(runs["s2"], tmp_path, lambda d: d["run"].update(engine="my-engine"), "engine")
    code, err = _merge(capsys, runs["s1"], other_engine, runs["s3"], out=tmp_path / "c")
    assert code == 2 and "run.engine: 'my-engine', but" in err and str(other_engine / "results.json") in err
    other_suite = _altered(runs["s3"], tmp_path, lambda d: d["run"]["shard"].update(suite="0123456789ab"),
                           "suite")
    code, err = _merge(capsys, runs["s1"], runs["s2"], other_suite, out=tmp_path / "d")
    assert code == 2 and "slices of different suites" in err
    other_seed = _altered(runs["s3"], tmp_path, lambda d: d["run"].update(seed=7), "seed")
    code, err = _merge(capsys, runs["s1"], runs["s2"], other_seed, out=tmp_path / "e")
    assert code == 2 and "run.seed: 7" in err
    code, err = _merge(capsys, runs["plain"], out=tmp_path / "f")
    assert code == 2 and "not a slice" in err


def test_shard_values() -> None:
    assert parse_shard("2/5") == (2, 5)
    for bad in ("0/3", "4/3", "1", "a/b", "1/0", "-1/3"):
        with pytest.raises(ValueError):
            parse_shard(bad)
    assert {shard_of(f"classic:x-{i}", 4) for i in range(200)} == {1, 2, 3, 4}


def test_update_expectations_from_a_slice_keeps_the_other_slices_entries(runs: dict[str, Path]) -> None:
    from harness.cli.expectations import expectations_from
    from harness.run.results import RunResults

    other = _json(runs["s2"])["results"][0]["scenario"]
    mine = RunResults.load(runs["s1"] / "results.json")
    kept = expectations_from(mine, {other: {"status": "FAIL", "reason": "issue 7"}})
    assert kept[other] == {"status": "FAIL", "reason": "issue 7"}
