"""The spec texts' Literal types, for signatures and type checkers (the compiled module's stub and the Python
functions use the same ones). The closed ones — measure, weighting, task, design — are held to the library's
own lists by a test (``_featrank._vocabulary()``)."""
from typing import Literal, TypeAlias

# The spec texts the library reads; the open forms (holdout:0.33, a list of sizes, within:0.01, at:50) are str.
_Task: TypeAlias = Literal["auto", "classification", "regression", "survival"]
_Scheme: TypeAlias = Literal["kfold", "bootstrap", "holdout", "group-kfold", "stratified-group-kfold",
                             "leave-one-group-out", "time-series", "blocked"] | str
_Grid: TypeAlias = Literal["paper", "full"] | str
_Device: TypeAlias = Literal["cpu", "gpu"]
_Rule: TypeAlias = Literal["best", "1se", "knee"] | str
_Measure: TypeAlias = Literal["accuracy", "balanced_accuracy", "auc", "correlation", "rmse", "hamming",
                              "subset_accuracy", "micro_f1", "macro_f1", "mean_accuracy", "mean_correlation", "arrmse",
                              "c_index", "uno_c", "ibs"]
_Weighting: TypeAlias = Literal["uniform", "position", "magnitude", "both"]
_Design: TypeAlias = Literal["single", "pair", "combined", "madelon", "null", "survival", "survival-null",
                             "replicates"]
