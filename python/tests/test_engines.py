"""A manifest's shards on the engines Python users run — a Dask cluster (a ``LocalCluster``, as dask-jobqueue's
clusters are) and Ray (a local instance) — merge into exactly the result of one process, curves and nested; bad
shard counts are refused by name. Loopback only."""

import pytest

import featrank
import featrank.cluster as cluster

CURVES = dict(rankers=["fisher", "relieff"], folds=3, repeats=2, expected=3, seed=5)
NESTED = dict(learner="knn:k=[1,5]", folds=3, grid="1,2,3,4", seed=2)


@pytest.fixture(scope="module")
def manifests(tmp_path_factory):
    folder = tmp_path_factory.mktemp("engines")
    curves = cluster.plan("iris", folder / "curves.json", **CURVES)
    nested = cluster.plan_nested("iris", folder / "nested.json", ["fisher", "variance"], **NESTED)
    one_process = (featrank.curves("iris", progress=False, **CURVES),
                   featrank.nested("iris", ["fisher", "variance"], **NESTED))
    return curves.path, nested.path, one_process


def same(merged, one_process):
    curves, nested = merged
    want_curves, want_nested = one_process
    assert curves.to_polars().equals(want_curves.to_polars())
    assert curves.stability().to_polars().equals(want_curves.stability().to_polars())
    assert nested.choices().to_polars().equals(want_nested.choices().to_polars())
    assert nested.estimate == want_nested.estimate and nested.optimism == want_nested.optimism


def test_dask_runs_the_shards_and_merges_the_same_result(manifests):
    distributed = pytest.importorskip("distributed", reason="featrank[dask] is not installed")
    curves, nested, one_process = manifests
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc, \
            distributed.Client(lc) as client:
        merged = (cluster.run_dask(curves, client), cluster.run_dask(nested, shards=3))  # the session's client
    same(merged, one_process)


def test_ray_runs_the_shards_and_merges_the_same_result(manifests):
    ray = pytest.importorskip("ray", reason="featrank[ray] is not installed")
    curves, nested, one_process = manifests
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        merged = (cluster.run_ray(curves), cluster.run_ray(nested, shards=1))
    finally:
        ray.shutdown()
    same(merged, one_process)


@pytest.mark.parametrize("shards, error", [(0, featrank.ParameterError), (2.0, featrank.ArgumentError)])
def test_a_bad_number_of_shards_is_refused_by_name(manifests, shards, error):
    distributed = pytest.importorskip("distributed", reason="featrank[dask] is not installed")
    with distributed.Client(processes=False, dashboard_address=None) as client:
        with pytest.raises(error, match="shards"):
            cluster.run_dask(manifests[0], client, shards=shards)


def test_dask_without_a_client_is_refused_by_name(manifests):
    pytest.importorskip("distributed", reason="featrank[dask] is not installed")
    with pytest.raises(featrank.ArgumentError, match="client"):
        cluster.run_dask(manifests[0])

