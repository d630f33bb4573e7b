"""The Rust library's notices arrive through Python's ``warnings`` as ``featrank.FeatrankWarning`` (filters apply;
nothing goes to stderr), and a text column with a value per row is refused as an identifier, by name."""

import warnings

import numpy as np
import pandas as pd
import pytest

import featrank

ROWS = 40


def frame(with_id: bool) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    df = pd.DataFrame({
        "ward": [["A", "B", "C"][i % 3] for i in range(ROWS)],
        "age": rng.normal(50, 10, ROWS),
        "y": [i % 2 for i in range(ROWS)],
    })
    if with_id:
        df.insert(0, "sample_id", [f"S{i:04d}" for i in range(ROWS)])
    return df


def test_text_columns_read_as_nominal_are_a_featrank_warning_not_stderr(capfd):
    with pytest.warns(featrank.FeatrankWarning, match=r"text columns read as nominal features: ward \(3 levels\)"):
        data = featrank.Dataset(frame(False), target="y")
    assert data.n_features == 2
    assert capfd.readouterr().err == ""
    assert issubclass(featrank.FeatrankWarning, UserWarning)


def test_warning_filters_apply():
    with warnings.catch_warnings():
        warnings.simplefilter("error", featrank.FeatrankWarning)
        with pytest.raises(featrank.FeatrankWarning):
            featrank.Dataset(frame(False), target="y")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", featrank.FeatrankWarning)
        with warnings.catch_warnings(record=True) as caught:
            featrank.Dataset(frame(False), target="y")
    assert caught == []


def test_an_identifier_column_is_refused_by_name_and_kept_on_request():
    with pytest.raises(featrank.ColumnError) as e:
        featrank.Dataset(frame(True), target="y")
    assert e.value.column == "sample_id"
    assert "row identifier" in str(e.value) and f"{ROWS} distinct text values in {ROWS} rows" in str(e.value)
    assert "allow_identifiers=True" in str(e.value)
    # the same through rank(df, target=…)
    with pytest.raises(featrank.ColumnError, match="sample_id"):
        featrank.rank(frame(True), "info-gain", target="y")
    with pytest.warns(featrank.FeatrankWarning, match=r"sample_id \(40 levels\)"):
        kept = featrank.Dataset(frame(True), target="y", allow_identifiers=True)
    assert kept.feature_names == ["sample_id", "ward", "age"]


def test_wilcoxons_floor_is_a_warning_and_its_columns_leave_the_view():
    iris = featrank.datasets.load("iris")
    curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=3, repeats=3, expected=5, seed=1)
    with pytest.warns(featrank.FeatrankWarning, match=r"with 3 repeats the Wilcoxon test's p-value cannot go below 0\.2500"):
        sig = curves.significance()
    html = sig._repr_html_()
    assert "Verdicts use the corrected t-test over every split" in html
    assert "wilcoxon_p_value" not in html and "Warning: with 3 repeats" in html
    assert "wilcoxon_p_value" in sig.to_pandas().columns  # the data keep every column
    # enough repeats: no warning, the Wilcoxon columns shown as a check
    curves = featrank.curves(iris, rankers=["relieff", "fisher"], folds=2, repeats=6, expected=5, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", featrank.FeatrankWarning)
        html = curves.significance()._repr_html_()
    assert "wilcoxon_p_value" in html and "distribution-free check" in html
