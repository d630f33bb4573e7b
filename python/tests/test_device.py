"""``device="gpu"``: kNN's distance chains on an NVIDIA GPU, with the CPU's curves byte for byte; where the wheel,
the machine or the learner cannot, a ``featrank.DeviceError`` (or a parameter error naming ``device``) before any
work."""

import pickle

import pytest

import featrank

IRIS = featrank.datasets.load("iris")
RUN = dict(rankers="fisher", folds=3, repeats=2, expected=3, seed=2, progress=False)


def gpu_missing():
    try:
        featrank.curves(IRIS, repeats=1, expected=2, progress=False, device="gpu")
    except featrank.DeviceError as e:
        return str(e)
    return None


def test_the_gpu_gives_the_cpu_s_curves_or_a_device_error():
    why = gpu_missing()
    if why is not None:
        assert isinstance(featrank.DeviceError("x"), RuntimeError) and issubclass(featrank.DeviceError, featrank.Error)
        assert "GPU" in why, why
        with pytest.raises(featrank.DeviceError):
            featrank.curves(IRIS, **RUN, device="gpu")
        pytest.skip(f"no GPU here: {why}")
    cpu = featrank.curves(IRIS, **RUN)
    gpu = featrank.curves(IRIS, **RUN, device="gpu")
    assert pickle.dumps(cpu.to_polars()) == pickle.dumps(gpu.to_polars())


def test_what_the_gpu_cannot_run_is_refused_by_name():
    with pytest.raises(featrank.ParameterError) as e:
        featrank.curves(IRIS, **RUN, learner="svm", device="gpu")
    assert e.value.parameter == "device" and "kNN" in str(e.value)
    with pytest.raises(featrank.SpecError) as e:
        featrank.curves(IRIS, **RUN, device="tpu")
    assert "cpu, gpu" in str(e.value)
    with pytest.raises(featrank.ArgumentError):
        featrank.curves(IRIS, **RUN, device=1)


def test_a_cluster_plan_records_the_device(tmp_path):
    manifest = featrank.cluster.plan("iris", tmp_path / "m.json", repeats=1, expected=2, device="gpu")
    assert '"device": "gpu"' in (tmp_path / "m.json").read_text()
    if gpu_missing() is not None:
        with pytest.raises(featrank.DeviceError):
            manifest.run("0/1", tmp_path / "p.csv", progress=False)


def test_a_gpu_shard_finds_pip_s_nvrtc_as_curves_does(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(featrank, "_load_pip_nvrtc", lambda: calls.append("loaded"))
    cpu = featrank.cluster.plan("iris", tmp_path / "cpu.json", repeats=1, expected=2)
    cpu.run("0/1", tmp_path / "cpu.csv", progress=False)
    assert calls == []
    gpu = featrank.cluster.plan("iris", tmp_path / "gpu.json", repeats=1, expected=2, device="gpu")
    try:
        gpu.run("0/1", tmp_path / "gpu.csv", progress=False)
    except featrank.DeviceError:
        pass  # no GPU here: NVRTC was still looked for first
    assert calls == ["loaded"]
