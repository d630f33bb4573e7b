"""plan / run / merge from Python: the merged curves equal one process's run byte for byte, a manifest planned
in Python runs under the CLI and the reverse (one file format), the node command works, and every misuse is
refused with a message."""

import subprocess
import sys

import pytest

import featrank
import featrank.cluster as cluster
from conftest import run_cli

RUN = dict(folds=5, repeats=2, expected=4, seed=3)


@pytest.fixture()
def data(tmp_path):
    # a file of its own: the tests change it
    path = tmp_path / "combined.csv"
    featrank.synth.generate("combined", rows=200, seed=2).data.to_pandas().to_csv(path, index=False)
    return path


def run_three_ways(m, folder, cli):
    """Shard 0 of 3 in Python, shard 1 on a node's command line, shard 2 with the CLI: one manifest format."""
    parts = [folder / f"part{i}.parquet" for i in range(3)]
    assert m.run("0/3", parts[0], progress=False) == m.shard_units("0/3")
    done = subprocess.run([sys.executable, "-m", "featrank.cluster", "run", str(m.path), "1/3", str(parts[1]),
                           "--quiet"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    run_cli(cli, "run", "--manifest", m.path, "--shard", "2/3", "--out", parts[2], "--quiet")
    return parts


def test_shards_merge_into_exactly_the_curves_of_one_process(data, tmp_path, cli):
    m = cluster.plan(data, tmp_path / "run.json", target="class", rankers=["relieff", "fisher"], **RUN)
    assert m.units == 2 * (1 + 2 + 4)
    assert sum(m.shard_units(f"{i}/3") for i in range(3)) == m.units
    parts = run_three_ways(m, tmp_path, cli)
    merged = cluster.merge(m.path, parts)
    merged.save_json(str(tmp_path / "merged.json"))
    whole = featrank.curves(featrank.Dataset.read(str(data), "class"), rankers=["relieff", "fisher"], progress=False,
                            **RUN)
    whole.save_json(str(tmp_path / "whole.json"))
    assert (tmp_path / "merged.json").read_bytes() == (tmp_path / "whole.json").read_bytes()
    # and the CLI merges what Python ran
    run_cli(cli, "merge", m.path, *parts, "--out", tmp_path / "c.csv", "--json", tmp_path / "cli.json")
    assert (tmp_path / "cli.json").read_bytes() == (tmp_path / "whole.json").read_bytes()



def test_a_plan_of_several_learners_merges_into_the_curves_of_each(data, tmp_path, cli):
    learners = ["knn:k=5", "nb"]
    m = cluster.plan(data, tmp_path / "run.json", target="class", rankers=["fisher"], learner=learners, **RUN)
    assert m.units == 2 * 2 * (1 + 1 + 4)  # each learner's units
    merged = cluster.merge(m.path, run_three_ways(m, tmp_path, cli))
    whole = featrank.curves(featrank.Dataset.read(str(data), "class"), rankers=["fisher"], learner=learners,
                            progress=False, **RUN)
    assert list(merged) == list(whole) == [whole[k].learner for k in whole]
    for learner, curves in whole.items():
        curves.save_json(str(tmp_path / "whole.json"))
        merged[learner].save_json(str(tmp_path / "merged.json"))
        assert (tmp_path / "merged.json").read_bytes() == (tmp_path / "whole.json").read_bytes(), learner

def test_misuse_is_refused_with_a_message(data, tmp_path):
    m = cluster.plan(data, tmp_path / "run.json", target="class", rankers=["relieff"], **RUN)
    other = cluster.plan("iris", tmp_path / "other.json", **RUN)
    p0, p1, q = tmp_path / "p0.parquet", tmp_path / "p1.parquet", tmp_path / "q.parquet"
    m.run("0/2", p0, progress=False)
    m.run("1/2", p1, progress=False)
    other.run("0/1", q, progress=False)
    cases = [
        (lambda: cluster.plan(featrank.datasets.load("iris"), tmp_path / "x.json"), "not an object in memory"),
        (lambda: cluster.plan(data, tmp_path / "x.json", rankers=["relieff:kk=3"]), "kk"),
        (lambda: cluster.plan(data, data), "is an input of this run"),
        (lambda: m.run("2/2", tmp_path / "x.parquet"), "expected I/N with 0 ≤ I < N"),
        (lambda: m.run("0/1", m.path), "is an input of this run"),
        (lambda: m.merge([p0]), "missing"),
        (lambda: m.merge([p0, p1, p1]), "twice"),
        (lambda: m.merge([p0, q]), "another manifest"),
        (lambda: cluster.read(data), "not a featrank manifest"),
    ]
    for call, message in cases:
        with pytest.raises(featrank.Error, match=message):
            call()
    assert m.merge([p1, p0]).rankings == ["relieff"]
    with open(data, "a") as f:
        f.write("0\n")
    with pytest.raises(featrank.Error, match="changed since the run was planned"):
        cluster.read(m.path)


def test_the_node_command_reports_errors_without_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "featrank.cluster", "run", str(tmp_path / "none.json"), "0/1",
                           str(tmp_path / "p.parquet"), "--quiet"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and "none.json" in done.stderr and "Traceback" not in done.stderr


def test_a_manifest_shows_what_was_planned_and_how_to_run_it(tmp_path):
    m = cluster.plan("iris", tmp_path / "run.json", rankers=["relieff"], **RUN)
    for shown in (repr(m), m._repr_html_()):
        assert f"{m.units} units" in shown and "relieff" in shown and "python -m featrank.cluster run" in shown


NESTED = dict(learner="knn:k=[1,5]", folds=4, repeats=2, inner_folds=3, grid="1,2,4,8,16", seed=5)


def test_nested_shards_merge_into_exactly_the_nested_run_of_one_process(data, tmp_path, cli):
    rankers = ["relieff:k=[5,10]", "fisher"]
    m = cluster.plan_nested(data, tmp_path / "nested.json", rankers, target="class", **NESTED)
    # 8 outer splits; per learner (2) and repeat (2): the full set and the 3 ranker points
    assert (m.kind, m.units) == ("nested", 8 + 2 * 2 * (1 + 3))
    parts = run_three_ways(m, tmp_path, cli)
    merged = cluster.merge(m.path, reversed(parts))
    whole = featrank.nested(featrank.Dataset.read(str(data), "class"), rankers, **NESTED)
    assert merged.choices().to_polars().equals(whole.choices().to_polars())
    assert merged.summary().to_polars().equals(whole.summary().to_polars())
    # the CLI merges what Python ran into exactly what `featrank nested` writes
    args = ["--target", "class", "--learner", NESTED["learner"], "--folds", "4", "--repeats", "2",
            "--inner-folds", "3", "--grid", NESTED["grid"], "--seed", "5"]
    for r in rankers:
        args += ["--method", r]
    one = run_cli(cli, "nested", data, *args, "--out", tmp_path / "one.csv")
    two = run_cli(cli, "merge", m.path, *parts, "--out", tmp_path / "two.csv")
    assert one.stdout == two.stdout
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()


def test_a_nested_manifest_of_several_rules_gives_one_result_per_rule(tmp_path, cli):
    m = cluster.plan_nested("iris", tmp_path / "rules.json", ["fisher"], rules=["at:1", "at:2"],
                            learner="knn:k=[1,5]", folds=4, grid="1,2,3,4")
    part = tmp_path / "all.csv"
    m.run("0/1", part, progress=False)
    at1, at2 = m.merge([part])
    assert {c["k"] for c in at1.choices().to_polars().to_dicts()} == {1}
    assert {c["k"] for c in at2.choices().to_polars().to_dicts()} == {2}
    done = subprocess.run([str(cli), "merge", str(m.path), str(part), "--out", str(tmp_path / "x.csv")],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "one size rule" in done.stderr


def test_nested_misuse_is_refused_with_a_message(data, tmp_path):
    m = cluster.plan_nested(data, tmp_path / "nested.json", ["fisher"], target="class", **NESTED)
    curves = cluster.plan(data, tmp_path / "curves.json", target="class", rankers=["fisher"], **RUN)
    p0, p1, q = tmp_path / "p0.csv", tmp_path / "p1.csv", tmp_path / "q.csv"
    m.run("0/2", p0, progress=False)
    m.run("1/2", p1, progress=False)
    curves.run("0/1", q, progress=False)
    cases = [
        (lambda: cluster.plan_nested(featrank.datasets.load("iris"), tmp_path / "x.json", ["fisher"]),
         "not an object in memory"),
        (lambda: cluster.plan_nested(data, tmp_path / "x.json", ["fisher:kk=[1,2]"], target="class"), "kk"),
        (lambda: cluster.plan_nested(data, tmp_path / "x.json", ["fisher"], target="class", rules=["1se", "1se"]),
         "twice"),
        (lambda: cluster.plan_nested(data, tmp_path / "x.json", ["fisher"], target="class", rules=["at:3"],
                                     grid="1,2"), "not a size of the grid"),
        (lambda: cluster.plan_nested(data, data, ["fisher"]), "is an input of this run"),
        (lambda: m.merge([p0]), "missing"),
        (lambda: m.merge([p0, p1, p1]), "twice"),
        (lambda: m.merge([p0, q]), "another manifest"),
        (lambda: curves.merge([p0, p1]), "another manifest"),
    ]
    for call, message in cases:
        with pytest.raises(featrank.Error, match=message):
            call()
    assert m.merge([p1, p0]).estimate == m.merge([p0, p1]).estimate


def test_an_importable_function_runs_on_the_nodes_only_when_allowed(tmp_path, monkeypatch):
    # a user's module on the nodes' path, its function planned by name
    (tmp_path / "my_rankers.py").write_text("def variance(X, y):\n    return X.var(axis=0)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    import my_rankers

    m = cluster.plan("iris", tmp_path / "run.json", rankers=[my_rankers.variance, "fisher"], folds=3, repeats=1,
                     expected=2, seed=1)
    part = tmp_path / "part.csv"
    with pytest.raises(featrank.ParameterError, match="runs programs .*python:import=\\(my_rankers:variance\\)"):
        m.run("0/1", part, progress=False)
    node = [sys.executable, "-m", "featrank.cluster", "run", str(m.path), "0/1", str(part), "--quiet"]
    refused = subprocess.run(node, capture_output=True, text=True)
    assert refused.returncode == 2 and "--allow-commands" in refused.stderr
    done = subprocess.run(node + ["--allow-commands"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    merged = m.merge([part])
    name = "python:import=(my_rankers:variance)"
    direct = featrank.curves("iris", rankers=[name, "fisher"], folds=3, repeats=1, expected=2, seed=1,
                             progress=False)
    assert merged.rankings == [name, "fisher"]
    assert merged.to_pandas().equals(direct.to_pandas())
    # the same function given as itself: the same curves under its own name
    itself = featrank.curves("iris", rankers=[my_rankers.variance, "fisher"], folds=3, repeats=1, expected=2,
                             seed=1, progress=False)
    assert itself.to_pandas().replace({"python:variance": name}).equals(direct.to_pandas())


def test_a_lambda_or_a_notebook_function_is_refused_with_the_way_to_run_it(tmp_path):
    def local(X, y):
        return X.var(axis=0)

    for f, said in [(lambda X, y: X.var(axis=0), "a lambda cannot be imported by a node"),
                    (local, "cannot be imported by a node: put it in a module")]:
        with pytest.raises(featrank.ArgumentError, match=said):
            cluster.plan("iris", tmp_path / "run.json", rankers=[f], folds=3)
    with pytest.raises(featrank.ArgumentError, match="is not a function"):
        cluster.plan_nested("iris", tmp_path / "run.json", rankers=[featrank.ranker(len)], folds=3)


def test_the_cli_reads_a_python_spec_and_says_where_it_runs(tmp_path, cli):
    out = subprocess.run([cli, "rank", "iris", "--method", "python:import=(my_rankers:variance)", "--out",
                          str(tmp_path / "r.csv")], capture_output=True, text=True)
    assert out.returncode != 0 and "runs only inside Python" in out.stderr
