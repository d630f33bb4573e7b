"""Every example in the package's docstrings runs and shows what it says."""

import doctest
import importlib

import pytest

MODULES = ["featrank", "featrank._own", "featrank.cluster", "featrank.datasets", "featrank.errors", "featrank.sklearn", "featrank.synth"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def _public_functions():
    """Every public function of the package written in Python: featrank's, featrank.cluster's, featrank.synth's."""
    import inspect

    import featrank
    import featrank.cluster
    import featrank.synth

    for module in (featrank, featrank.cluster, featrank.synth):
        for name in getattr(module, "__all__", dir(module)):
            value = getattr(module, name, None)
            if inspect.isfunction(value) and not name.startswith("_"):
                yield f"{module.__name__}.{name}", value


def test_every_parameter_of_a_public_function_is_documented_with_its_default():
    import inspect

    from featrank import _docs

    assert _docs.UNDOCUMENTED == {}
    functions = dict(_public_functions())
    assert {"featrank.curves", "featrank.nested", "featrank.rank", "featrank.cluster.plan",
            "featrank.synth.generate", "featrank.ranker"} <= set(functions), sorted(functions)
    for name, fn in functions.items():
        doc = fn.__doc__ or ""
        assert "\nParameters\n----------\n" in doc, name
        for p in inspect.signature(fn).parameters.values():
            default = "" if p.default is inspect.Parameter.empty else f", default {p.default!r}"
            assert f"\n{p.name} : " in doc, (name, p.name)
            line, text = doc.split(f"\n{p.name} : ", 1)[1].split("\n")[:2]
            assert line.endswith(default) and (default or "default" not in line), (name, p.name, line)
            assert text.startswith("    ") and text.strip(), (name, p.name, "no meaning")
        assert ">>> " in doc, f"{name} has no example"


@pytest.mark.parametrize("alias, key", [("_Measure", "measure"), ("_Weighting", "weighting"), ("_Task", "task"),
                                        ("_Design", "design")])
def test_literal_types_are_the_librarys_own_lists(alias, key):
    """A closed setting's Literal type (signatures, the stub, type checkers) names exactly the words the library
    takes for it — a measure, weighting, task or design added in Rust fails here until the type names it."""
    import typing

    from featrank import _featrank, _types

    assert list(typing.get_args(getattr(_types, alias))) == _featrank._vocabulary()[key]


def _compiled_methods():
    """Every public method of the compiled classes a user holds (Curves, Dataset, Ranking, the answers …)."""
    import inspect

    from featrank import _featrank

    for cname in dir(_featrank):
        cls = getattr(_featrank, cname)
        if not inspect.isclass(cls) or cname.startswith("_") or issubclass(cls, BaseException):
            continue
        for name in vars(cls):
            method = getattr(cls, name)  # a static method's own function, not the staticmethod wrapper
            if not name.startswith("_") and callable(method):
                yield f"{cname}.{name}", method


@pytest.mark.parametrize("name, method", list(_compiled_methods()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_compiled_method_documents_every_parameter_and_shows_an_example(name, method):
    """``help(curves.significance)`` teaches it, as scikit-learn's docstrings do (numpydoc): what it does, a
    ``Parameters`` section with every parameter of the signature (its type, and its default when it has one),
    and an ``Examples`` section whose examples run and show what they say (run here, static methods included)."""
    import doctest
    import inspect
    import warnings

    doc = method.__doc__ or ""
    assert doc.strip() and not doc.startswith("\n"), f"{name} has no summary line"
    params = [p for p in inspect.signature(method).parameters.values() if p.name not in ("self", "cls")]
    if params:
        assert "\nParameters\n----------\n" in doc, f"{name} has no Parameters section"
        section = doc.split("\nParameters\n----------\n", 1)[1].split("\n\n", 1)[0]
        for p in params:
            lines = [line for line in section.split("\n") if line.startswith(f"{p.name} : ")]
            assert lines, f"{name} does not document {p.name}"
            has_default = p.default is not inspect.Parameter.empty
            assert (", default " in lines[0]) == has_default, (name, p.name, lines[0])
            if has_default and p.default is not Ellipsis:  # PyO3 shows a Rust expression's default as ...
                assert lines[0].endswith(f", default {p.default!r}".replace("'", '"')), (name, p.name, lines[0])
    assert "\nExamples\n--------\n>>> " in doc, f"{name} has no example"
    test = doctest.DocTestParser().get_doctest(doc, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        runner.run(test)
    assert runner.failures == 0, f"{name}'s example does not show what it says (above)"
