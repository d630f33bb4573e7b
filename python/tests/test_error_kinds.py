"""Every refusal the Python layer raises itself (``featrank/_input.py``, ``featrank/__init__.py``,
``featrank/sklearn.py``) is the ``featrank.Error`` subclass the same refusal has from the Rust library, with the
same attributes and message form: a parameter as ``ParameterError`` naming it (``invalid parameter 'X': …``), a
column as ``ColumnError`` naming it (``column 'u': …``), no rows or features and a name twice as ``DataError``
(``empty data: …``, ``duplicate name '…' in …``). One case per ``raise`` of those files."""

import types

import numpy as np
import pandas as pd
import polars as pl
import pytest
import scipy.sparse as sp

import featrank
from featrank import _input


class AnnData:
    """Just enough of scanpy's AnnData for the refusals (featrank reads it by its class name)."""

    def __init__(self, genes, obs):
        self.X = np.zeros((len(obs), len(genes)))
        self.var_names = genes
        self.obs = obs


def survival(time="time", event="event", rows=4):
    y = np.zeros(rows, dtype=[(event, "?"), (time, "<f8")])
    y[time] = np.arange(1, rows + 1)
    y[event] = [True, False] * (rows // 2)
    return y


ROWS = pd.DataFrame({"a": [1.0, 2, 3, 4], "b": [0.0, 1, 0, 1]})

PARAMETER = [  # (parameter, call)
    ("data", lambda: featrank.Dataset(None, "y")),
    ("X", lambda: featrank.Dataset(np.zeros((2, 2, 2)), [0, 1])),
    ("feature_names", lambda: featrank.Dataset(np.zeros((2, 2)), [0, 1], feature_names=["a"])),
    ("target", lambda: featrank.Dataset(np.zeros((2, 2)), np.zeros((2, 2, 2)))),
    ("target", lambda: featrank.Dataset(np.zeros((4, 2)), [0, 1, 0])),
    ("target", lambda: featrank.Dataset(ROWS, np.zeros(4, dtype=[("a", "<f8"), ("b", "<f8")]))),
    ("target", lambda: featrank.Dataset(np.zeros((3, 2)), survival())),
    ("targets", lambda: featrank.Dataset(ROWS, target=("a", "b"), targets=["a"])),
    ("targets", lambda: featrank.Dataset(ROWS, target="a", targets=["b"])),
    ("targets", lambda: featrank.Dataset(np.zeros((2, 2)), targets=["a"])),
    ("target", lambda: featrank.Dataset(sp.csr_matrix(np.eye(2)), "y")),
    ("target", lambda: featrank.Dataset(np.zeros((2, 2)), "y")),
    ("feature_names", lambda: featrank.Dataset(ROWS, "b", feature_names=["a"])),
    ("X", lambda: _input._sparse_parts(types.SimpleNamespace(shape=(3,)), None)),
    ("feature_names", lambda: featrank.Dataset(sp.csr_matrix(np.eye(2)), [0, 1], feature_names=["a"])),
    ("X", lambda: _input._sparse_parts(types.SimpleNamespace(shape=(2**31, 1)), None)),
    ("X", lambda: _input._sparse_parts(types.SimpleNamespace(shape=(1, 1), format="csr", data=np.array(["a"])), None)),
    ("target", lambda: featrank.Dataset(AnnData(["g1"], pd.DataFrame({"y": [0, 1]})))),
    ("target", lambda: featrank.Dataset(np.zeros((4, 2)), np.zeros((3, 2)))),
    ("folds", lambda: featrank.curves("iris", rankers="fisher", folds=[0.5, 1.5], progress=False)),
    ("folds", lambda: featrank.curves("iris", rankers="fisher", folds=np.array([2**64 - 1] * 150, dtype=np.uint64),
                                      progress=False)),
    ("k", lambda: featrank.sklearn.FeatureSelector("fisher", k=0).fit(np.eye(4), [0, 1, 0, 1])),
    ("order", lambda: featrank.Dataset(np.zeros((2, 2)), [0, 1], order="day")),
    ("groups", lambda: featrank.Dataset(np.zeros((2, 2)), [0, 1], groups=np.zeros((2, 2)))),
    ("groups", lambda: featrank.Dataset(np.zeros((2, 2)), [0, 1], groups=[1])),
    ("order", lambda: featrank.Dataset(np.zeros((2, 2)), [0, 1], order=np.array([object(), 1], dtype=object))),
]

COLUMN = [  # (column, call)
    ("u", lambda: featrank.Dataset(pd.DataFrame({"u": np.array([2**63, 1], dtype=np.uint64), "y": [0, 1]}), "y")),
    ("when", lambda: featrank.Dataset(pd.DataFrame({"when": pd.to_datetime(["2020-01-01", "2020-01-02"]),
                                                    "y": ["a", "b"]}), "y")),
    ("x0", lambda: featrank.Dataset(np.array([[object(), 1]], dtype=object), [0])),
]

DATA = [  # (what the message starts with, call)
    ("empty data: X of shape (3, 0)", lambda: featrank.Dataset(np.zeros((3, 0)), [0, 1, 0])),
    ("empty data: the frame has no columns", lambda: featrank.Dataset(pd.DataFrame(), None)),
    ("empty data: X of shape (3, 0)", lambda: featrank.Dataset(sp.csr_matrix((3, 0)), [0, 1, 0])),
    ("duplicate name 'time'", lambda: featrank.Dataset(pd.DataFrame({"time": [1.0, 2, 3, 4]}), survival())),
    ("duplicate name 'y'", lambda: featrank.Dataset(AnnData(["y"], pd.DataFrame({"y": [0, 1]})), "y")),
    ("duplicate name 'y0'", lambda: featrank.Dataset(pd.DataFrame({"y0": [1.0, 2]}), np.eye(2))),
]


@pytest.mark.parametrize("parameter, call", PARAMETER)
def test_a_parameter_refused_in_python_is_a_parameter_error_naming_it(parameter, call):
    with pytest.raises(featrank.ParameterError) as e:
        call()
    assert e.value.parameter == parameter
    assert str(e.value).startswith(f"invalid parameter '{parameter}': "), str(e.value)


@pytest.mark.parametrize("column, call", COLUMN)
def test_a_column_refused_in_python_is_a_column_error_naming_it(column, call):
    with pytest.raises(featrank.ColumnError) as e:
        call()
    assert e.value.column == column and not isinstance(e.value, featrank.ColumnNotFoundError)
    assert str(e.value).startswith(f"column '{column}': "), str(e.value)


@pytest.mark.parametrize("message, call", DATA)
def test_data_refused_in_python_is_a_data_error(message, call):
    with pytest.raises(featrank.DataError) as e:
        call()
    assert str(e.value).startswith(message), str(e.value)


def test_an_obs_column_the_anndata_lacks_is_a_column_not_found_error():
    with pytest.raises(featrank.ColumnNotFoundError) as e:
        featrank.Dataset(AnnData(["g1"], pd.DataFrame({"y": [0, 1]})), "label")
    assert e.value.column == "label" and isinstance(e.value, KeyError)


def test_the_same_refusal_has_the_same_class_from_python_and_from_rust():
    # no feature columns: refused in Python (an array) and in Rust (a frame with the target only)
    kinds = set()
    for call in (lambda: featrank.Dataset(np.zeros((2, 0)), [0, 1]), lambda: featrank.Dataset(pl.DataFrame({"y": [1, 2]}), "y")):
        with pytest.raises(featrank.Error) as e:
            call()
        kinds.add(type(e.value))
        assert str(e.value).startswith("empty data: ")
    assert kinds == {featrank.DataError}
    # a parameter out of its range: the same class and attribute from both sides
    with pytest.raises(featrank.ParameterError) as rust:
        featrank.rank("iris", "relieff:k=0")
    with pytest.raises(featrank.ParameterError) as python:
        featrank.sklearn.FeatureSelector("fisher", k=0).fit(np.eye(4), [0, 1, 0, 1])
    assert type(rust.value) is type(python.value) and (rust.value.parameter, python.value.parameter) == ("k", "k")


def test_every_raise_of_the_python_layer_is_covered_here():
    # a raise added to the layer without a case here fails this count (the AnnData KeyError is its own test)
    import inspect

    from featrank import sklearn

    raises = sum(inspect.getsource(m).count("raise ParameterError._of(") + inspect.getsource(m).count(
        "raise ColumnError._of(") + inspect.getsource(m).count("raise DataError.") for m in (_input, sklearn))
    in_curves = inspect.getsource(featrank.curves).count("raise ParameterError._of(")
    assert raises + in_curves == len(PARAMETER) + len(COLUMN) + len(DATA)  # one case per raise
