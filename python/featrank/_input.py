"""Tables into featrank: pandas, Polars, pyarrow (anything with the Arrow C stream interface) or NumPy
``X, y`` become one Arrow table of the column types featrank reads — float64 (NaN missing), int64, bool,
large_string, and ordered categories as a dictionary — which the Rust side imports through the Arrow PyCapsule
interface (``__arrow_c_stream__``; ``python/src/frames.rs``). Glue only: pyarrow converts, never one Python
object per value."""

from __future__ import annotations

import numpy as np

from .errors import ColumnError, DataError, ParameterError

_DEFAULT_TARGET = "target"


def _is_array(data) -> bool:
    return isinstance(data, np.ndarray) or (isinstance(data, (list, tuple)) and not isinstance(data, str))


def _arrow_column(name: str, col):
    """One Arrow column (ChunkedArray or Array) as ``(name, array)`` of a type featrank reads: float64 (missing
    as NaN), int64 or bool (missing as null), large_string, or an ordered categorical as a dictionary of
    large_string levels in their declared order (as a Polars Enum keeps them)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks() if col.num_chunks != 1 else col.chunk(0)
    t = col.type
    if pa.types.is_decimal(t):
        col, t = col.cast(pa.float64()), pa.float64()
    if pa.types.is_floating(t):
        return name, col.cast(pa.float64()).fill_null(float("nan"))
    if pa.types.is_integer(t):
        if pa.types.is_uint64(t) and pc.max(col).as_py() is not None and pc.max(col).as_py() >= 2**63:
            raise ColumnError._of(name, "unsigned integers beyond 2^63 cannot be held exactly")
        return name, col.cast(pa.int64())
    if pa.types.is_boolean(t):
        return name, col
    if pa.types.is_null(t):
        return name, pa.nulls(len(col), pa.large_string())
    if pa.types.is_dictionary(t) and t.ordered:
        levels = col.dictionary.cast(pa.large_string())
        return name, pa.DictionaryArray.from_arrays(col.indices.cast(pa.int32()), levels, ordered=True)
    if pa.types.is_dictionary(t):  # its levels as text (a categorical of numbers too), one per row
        return name, col.dictionary.cast(pa.large_string()).take(col.indices)
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return name, col.cast(pa.large_string())
    raise ColumnError._of(name, f"dtype {col.type} is not supported; cast it to a numeric or string column")


def _table(columns):
    """The columns ``[(name, array), …]`` as one Arrow table (names as given, repeats included: the Rust side
    names a repeated one)."""
    import pyarrow as pa

    return pa.Table.from_arrays([c for _, c in columns], names=[n for n, _ in columns])


def _arrow_table(data):
    """A pyarrow Table of a pandas, Polars or pyarrow frame, or of any Arrow C stream."""
    import pyarrow as pa

    if isinstance(data, pa.Table):
        return data
    module = type(data).__module__.split(".")[0]
    try:
        if module == "pandas":
            return pa.Table.from_pandas(data, preserve_index=False)
        return pa.table(data)
    except (ValueError, TypeError, pa.ArrowException) as e:  # ArrowInvalid is a ValueError
        raise ParameterError._of("data", f"cannot read {type(data).__name__} as a table: {e}") from None


def _array_columns(X, names):
    """Columns of a 2-D array: numbers as float64, anything else through Arrow (text)."""
    X = np.asarray(X)
    if X.ndim != 2:
        raise ParameterError._of("X", f"expected a 2-D array (rows × features), got {X.ndim} dimension(s) of shape "
                                 f"{X.shape}")
    if X.shape[1] == 0:
        raise DataError._of(f"X of shape {X.shape} has no feature columns")
    if names is None:
        names = [f"x{j}" for j in range(X.shape[1])]
    if len(names) != X.shape[1]:
        raise ParameterError._of("feature_names", f"{len(names)} names for {X.shape[1]} columns of X")
    import pyarrow as pa

    if X.dtype.kind in "biuf":
        return [(str(n), pa.array(np.ascontiguousarray(X[:, j], dtype=np.float64))) for j, n in enumerate(names)]

    columns = []
    for j, n in enumerate(names):
        try:
            values = pa.array(X[:, j], from_pandas=True)
        except (ValueError, TypeError, pa.ArrowException) as e:  # ArrowInvalid is a ValueError
            raise ColumnError._of(str(n), f"cannot read its {X.dtype} values as numbers or text: {e}") from None
        columns.append(_arrow_column(str(n), values))
    return columns


def _target_column(name, y, rows):
    import pyarrow as pa

    y = np.asarray(y)
    if y.ndim == 2 and 1 in y.shape:
        y = y.ravel()
    if y.ndim != 1:
        raise ParameterError._of("target", f"expected a 1-D array of {rows} labels or values, or a rows × labels "
                                 f"matrix, got shape {y.shape}")
    if len(y) != rows:
        raise ParameterError._of("target", f"{len(y)} values for {rows} rows of X (they must match)")
    return _arrow_column(name, pa.array(y, from_pandas=True))


def survival_fields(y):
    """The ``(time, event)`` field names of a structured array ``y`` as scikit-survival makes them
    (``Surv.from_arrays``, ``sksurv.datasets``: a bool event field and a float time field, in either order), or
    ``None`` for any other ``y``."""
    names = getattr(getattr(y, "dtype", None), "names", None)
    if not names or len(names) != 2:
        return None
    kinds = {y.dtype[n].kind: n for n in names}
    if set(kinds) != {"b", "f"}:
        raise ParameterError._of("target", f"a structured y needs a bool event field and a float time field "
                                 f"(scikit-survival's Surv), got fields {list(names)} of kinds "
                                 f"{[y.dtype[n].kind for n in names]}")
    return kinds["f"], kinds["b"]


def structured_y(event_name, event, time_name, time):
    """scikit-survival's structured ``y`` (``Surv.from_arrays``'s layout: the event field, then the time field)."""
    y = np.empty(len(time), dtype=[(event_name, "?"), (time_name, "<f8")])
    y[event_name] = event
    y[time_name] = time
    return y


def _survival_columns(y, rows, taken):
    """A scikit-survival ``y``'s time and event as two target columns named as its fields."""
    import pyarrow as pa

    time, event = survival_fields(y)
    if len(y) != rows:
        raise ParameterError._of("target", f"{len(y)} survival times for {rows} rows of X (they must match)")
    clash = [n for n in (time, event) if n in taken]
    if clash:
        raise DataError._duplicate(clash[0], "the survival fields and the feature names; rename one")
    columns = [_arrow_column(time, pa.array(np.asarray(y[time], dtype=np.float64))),
               _arrow_column(event, pa.array(np.asarray(y[event], dtype=bool)))]
    return columns, [time, event]


def to_columns(data, target=None, feature_names=None, targets=None):
    """``(table, target names, sparse parts, survival)`` for ``Dataset(data, target)``: a frame with a target column
    name (default: the last column, as the CLI reads files), several (``targets=[...]``: multi-label or
    multi-target data) or a ``(time, event)`` pair of names (a survival target), or a frame/array ``X`` with
    ``target`` an array ``y`` (scikit-survival's structured ``y``: a survival target)."""
    if isinstance(target, tuple) and len(target) == 2 and all(isinstance(t, str) for t in target):
        if targets is not None:
            raise ParameterError._of("targets", "give target or targets, not both")
        return to_columns(data, None, feature_names, list(target))[:3] + (True,)
    if isinstance(data, tuple) and len(data) == 2 and target is None and survival_fields(data[1]) is not None:
        data, target = data
    if target is not None and not isinstance(target, (str, list)) and survival_fields(target) is not None:
        return _survival_target(data, target, feature_names)
    several = targets is not None
    if several:
        if target is not None:
            raise ParameterError._of("targets", "give target or targets, not both")
        if _is_array(data) or isinstance(targets, str):
            raise ParameterError._of("targets", "a list of a frame's column names (with an array X give y)")
        target = [str(t) for t in targets]
    if isinstance(data, tuple) and len(data) == 2 and target is None:
        data, target = data
    if type(data).__name__ == "AnnData":
        return _anndata(data, target, feature_names)
    target_is_name = target is None or isinstance(target, str) or several
    sparse = _sparse(data)
    if sparse is not None:
        if target_is_name:
            raise ParameterError._of("target", "with a sparse X give the labels or values y (Dataset(X, y)), not a "
                                     "column name")
        parts = _sparse_parts(sparse, feature_names, _column_names(data))
        targets, names = _targets_of(target, parts[1], set(parts[6]))
        return _table(targets), names, parts, False
    if _is_array(data):
        if target_is_name:
            raise ParameterError._of("target", "with an array X give the labels or values y (Dataset(X, y)), not a "
                                     "column name")
        cols = _array_columns(data, feature_names)
    else:
        table = _arrow_table(data)
        if feature_names is not None:
            raise ParameterError._of("feature_names", "only for arrays; a frame's columns carry their names")
        if table.num_columns == 0:
            raise DataError._of("the frame has no columns")
        cols = [_arrow_column(str(n), table.column(i)) for i, n in enumerate(table.column_names)]
    if several:
        return _table(cols), target, None, False
    if target_is_name:
        name = target if target is not None else cols[-1][0]
        return _table(cols), [name], None, False
    rows = len(cols[0][1]) if cols else 0
    targets, names = _targets_of(target, rows, {c[0] for c in cols})
    return _table(cols + targets), names, None, False


def _survival_target(data, y, feature_names):
    """``to_columns`` of features ``data`` (an array, a sparse matrix or a frame) and a scikit-survival ``y``."""
    sparse = _sparse(data)
    if sparse is not None:
        parts = _sparse_parts(sparse, feature_names, _column_names(data))
        targets, names = _survival_columns(y, parts[1], set(parts[6]))
        return _table(targets), names, parts, True
    table, _, _, _ = to_columns(data, np.zeros(len(data)), feature_names)
    cols = [_arrow_column(str(n), table.column(i)) for i, n in enumerate(table.column_names[:-1])]
    targets, names = _survival_columns(y, table.num_rows, {c[0] for c in cols})
    return _table(cols + targets), names, None, True


def _targets_of(y, rows, taken):
    """The target columns of ``y`` (one, or a label matrix's) and their names, clear of the feature names."""
    labels = _label_matrix(y, rows, taken)
    if labels is not None:
        return labels, [c[0] for c in labels]
    name = _DEFAULT_TARGET if _DEFAULT_TARGET not in taken else "__target__"
    return [_target_column(name, y, rows)], [name]


def _sparse(X):
    """``X`` as a SciPy sparse matrix or array (a pandas frame of sparse columns becomes one), else ``None``."""
    if hasattr(X, "tocoo") and hasattr(X, "nnz") and hasattr(X, "shape"):
        return X
    if type(X).__module__.split(".")[0] == "pandas" and hasattr(X, "dtypes") and len(X.columns) > 0:
        import pandas as pd

        if all(isinstance(d, pd.SparseDtype) for d in X.dtypes):
            return X.sparse.to_coo()
    return None


def _column_names(X):
    """A frame's column names (a pandas frame of sparse columns), else ``None``."""
    return [str(c) for c in X.columns] if hasattr(X, "columns") and not hasattr(X, "tocoo") else None


def _sparse_parts(X, feature_names, names_of=None):
    """``(format, rows, columns, pointers, indices, values, feature names)``: ``X`` as the compressed arrays it
    holds — rows (CSR, which featrank turns into columns) or columns (CSC); a COO matrix as rows — with no copy
    where they are already ``int32``/``int64``, ``uint32``-compatible and ``float64``. Names empty: ``x0, x1, …``
    (made by featrank, not held twice). Repeated cells are summed by the Rust side, as SciPy sums them."""
    if len(X.shape) != 2:
        raise ParameterError._of("X", f"expected a 2-D sparse matrix (rows × features), got shape {X.shape}")
    rows, width = X.shape
    if width == 0:
        raise DataError._of(f"X of shape {X.shape} has no feature columns")
    names = feature_names if feature_names is not None else names_of
    names = [] if names is None else [str(n) for n in names]
    if names and len(names) != width:
        raise ParameterError._of("feature_names", f"{len(names)} names for {width} columns of X")
    if rows >= 2**31 or width >= 2**32:
        raise ParameterError._of("X", f"shape {X.shape}; a sparse matrix holds at most 2^31 - 1 rows and 2^32 - 1 "
                                      "columns")
    form = getattr(X, "format", None)
    if form not in ("csr", "csc"):
        X, form = X.tocsr(), "csr"
    if X.data.dtype.kind not in "biuf":
        raise ParameterError._of("X", f"a sparse matrix of {X.data.dtype} values; featrank reads numbers (bool, int, "
                                      "float)")
    indices = X.indices
    # int32 indices read as uint32 in place (a negative one, from a corrupt matrix, becomes a number out of range;
    # int64 ones outside 0..2^32 likewise, never wrapped into range)
    indices = (indices.view(np.uint32) if indices.dtype == np.int32
               else np.where((indices < 0) | (indices >= 2**32), 2**32 - 1, indices))  # out of range: refused
    return (form, rows, width, np.ascontiguousarray(X.indptr, dtype=np.int64),
            np.ascontiguousarray(indices, dtype=np.uint32), np.ascontiguousarray(X.data, dtype=np.float64), names)


def _anndata(adata, target, feature_names):
    """An AnnData (scanpy's container): ``X`` (sparse or dense) with ``var_names`` as the features, the target
    column(s) from ``obs`` by name."""
    if target is None:
        raise ParameterError._of("target", f"name the column of obs that holds the target; obs has "
                                           f"{list(adata.obs.columns)[:20]}")
    wanted = [target] if isinstance(target, str) else [str(t) for t in target]
    missing = [t for t in wanted if t not in adata.obs.columns]
    if missing:
        from .errors import ColumnNotFoundError

        error = ColumnNotFoundError(f"column '{missing[0]}' not found in the AnnData's obs; it has "
                                    f"{', '.join(map(str, list(adata.obs.columns)[:20]))}")
        error.column = missing[0]
        raise error
    table = _arrow_table(adata.obs[wanted].reset_index(drop=True))
    targets = [_arrow_column(n, table.column(i)) for i, n in enumerate(wanted)]
    names = list(map(str, adata.var_names))
    clash = sorted(set(names) & set(wanted))
    if clash:
        raise DataError._duplicate(clash[0], "the AnnData's genes (var_names) and its obs columns; rename one")
    X = adata.X
    sparse = _sparse(X)
    if sparse is not None:
        return _table(targets), wanted, _sparse_parts(sparse, feature_names, names), False
    cols = _array_columns(np.asarray(X), feature_names if feature_names is not None else names)
    return _table(cols + targets), wanted, None, False


def _label_matrix(y, rows, taken):
    """``y`` of several columns — scikit-learn's n × L indicator matrix of a multi-label problem, or n × T targets
    — as one target column each (a frame's column names, else ``y0``, ``y1``, …), or ``None`` for one target."""
    if hasattr(y, "columns") and hasattr(y, "to_numpy") and not isinstance(y, np.ndarray):  # pandas / Polars
        names = [str(c) for c in y.columns]
        if len(names) < 2:
            return None
        frame = _arrow_table(y)
        return [_arrow_column(n, frame.column(i)) for i, n in enumerate(names)] if _rows_ok(frame.num_rows, rows) else None
    if hasattr(y, "toarray") and not isinstance(y, np.ndarray):  # a SciPy sparse indicator matrix (small: labels)
        y = y.toarray()
    y = np.asarray(y)
    if y.ndim != 2 or y.shape[1] < 2 or y.shape[0] == 1:
        return None
    _rows_ok(y.shape[0], rows)
    names = [f"y{j}" for j in range(y.shape[1])]
    clash = sorted(set(names) & set(taken))
    if clash:
        raise DataError._duplicate(clash[0], "the label columns' names (y0, y1, …) and the feature names; give y "
                                   "as a DataFrame with names of its own")
    import pyarrow as pa

    return [_arrow_column(n, pa.array(y[:, j], from_pandas=True)) for j, n in enumerate(names)]


def _rows_ok(n, rows):
    if n != rows:
        raise ParameterError._of("target", f"{n} rows of labels for {rows} rows of X (they must match)")
    return True


def split_column(data, name, parameter):
    """``(the frame without column name, that column)`` of a frame (pandas, Polars, pyarrow or anything with
    ``__arrow_c_stream__``): what ``Dataset(df, groups="patient")`` and ``order="day"`` (``parameter``) take out of
    the features."""
    if _is_array(data) or _sparse(data) is not None or type(data).__name__ == "AnnData":
        raise ParameterError._of(parameter, f"'{name}' names a column, but the data is an array: give one value per "
                                 "row instead")
    table = _arrow_table(data)
    if name not in table.column_names:
        from .errors import ColumnNotFoundError

        error = ColumnNotFoundError(f"column '{name}' not found; the frame has "
                                    f"{', '.join(map(str, table.column_names[:20]))}")
        error.column = name
        raise error
    return table.drop_columns([name]), table.column(name)


def column(name, values, rows):
    """One value per row (a NumPy array, a list, a pandas or Polars Series, an Arrow array) as a one-column
    Arrow table of a type featrank reads; dates and datetimes become their numbers (an order in time)."""
    import pyarrow as pa

    if hasattr(values, "to_arrow") and not isinstance(values, (pa.Array, pa.ChunkedArray)):
        values = values.to_arrow()  # a Polars Series
    if not isinstance(values, (pa.Array, pa.ChunkedArray)):
        arr = np.asarray(values)
        if arr.ndim != 1:
            raise ParameterError._of(name, f"one value per row (a 1-D array), got shape {arr.shape}")
        try:
            values = pa.array(arr, from_pandas=True)
        except (pa.ArrowException, ValueError, TypeError) as e:  # mixed or unsupported Python objects
            raise ParameterError._of(name, f"one number, text or date per row; {e}") from None
    if len(values) != rows:
        raise ParameterError._of(name, f"{len(values)} values for {rows} rows (give one per row)")
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    t = values.type
    if pa.types.is_timestamp(t) or pa.types.is_date(t) or pa.types.is_duration(t) or pa.types.is_time(t):
        values = values.cast(pa.int64()) if not pa.types.is_date32(t) else values.cast(pa.int32()).cast(pa.int64())
    return _table([_arrow_column(name, values)])
