
// clang-format sorts includes unless SortIncludes: Never. However, the ordering
// does matter here. So, we need to disable clang-format for safety.

// clang-format off
#include <stdint.h>
#include <Rinternals.h>
#include <R_ext/Parse.h>
// clang-format on

#include "rust/api.h"

static uintptr_t TAGGED_POINTER_MASK = (uintptr_t)1;

SEXP handle_result(SEXP res_) {
    uintptr_t res = (uintptr_t)res_;

    // An error is indicated by tag.
    if ((res & TAGGED_POINTER_MASK) == 1) {
        // Remove tag
        SEXP res_aligned = (SEXP)(res & ~TAGGED_POINTER_MASK);

        // Currently, there are two types of error cases:
        //
        //   1. Error from Rust code
        //   2. Error from R's C API, which is caught by R_UnwindProtect()
        //
        if (TYPEOF(res_aligned) == CHARSXP) {
            // In case 1, the result is an error message that can be passed to
            // Rf_errorcall() directly.
            Rf_errorcall(R_NilValue, "%s", CHAR(res_aligned));
        } else {
            // In case 2, the result is the token to restart the
            // cleanup process on R's side.
            R_ContinueUnwind(res_aligned);
        }
    }

    return (SEXP)res;
}

SEXP savvy_fr_catalog__impl(SEXP c_arg__what) {
    SEXP res = savvy_fr_catalog__ffi(c_arg__what);
    return handle_result(res);
}

SEXP savvy_fr_curves__impl(SEXP c_arg__data, SEXP c_arg__rankers, SEXP c_arg__learners, SEXP c_arg__settings, SEXP c_arg__own_at, SEXP c_arg__own, SEXP c_arg__rankings) {
    SEXP res = savvy_fr_curves__ffi(c_arg__data, c_arg__rankers, c_arg__learners, c_arg__settings, c_arg__own_at, c_arg__own, c_arg__rankings);
    return handle_result(res);
}

SEXP savvy_fr_curves_answer__impl(SEXP c_arg__curves, SEXP c_arg__what) {
    SEXP res = savvy_fr_curves_answer__ffi(c_arg__curves, c_arg__what);
    return handle_result(res);
}

SEXP savvy_fr_curves_decide_svg__impl(SEXP c_arg__curves) {
    SEXP res = savvy_fr_curves_decide_svg__ffi(c_arg__curves);
    return handle_result(res);
}

SEXP savvy_fr_curves_info__impl(SEXP c_arg__curves) {
    SEXP res = savvy_fr_curves_info__ffi(c_arg__curves);
    return handle_result(res);
}

SEXP savvy_fr_curves_json__impl(SEXP c_arg__curves) {
    SEXP res = savvy_fr_curves_json__ffi(c_arg__curves);
    return handle_result(res);
}

SEXP savvy_fr_curves_load__impl(SEXP c_arg__path) {
    SEXP res = savvy_fr_curves_load__ffi(c_arg__path);
    return handle_result(res);
}

SEXP savvy_fr_curves_svg__impl(SEXP c_arg__curves) {
    SEXP res = savvy_fr_curves_svg__ffi(c_arg__curves);
    return handle_result(res);
}

SEXP savvy_fr_curves_table__impl(SEXP c_arg__curves) {
    SEXP res = savvy_fr_curves_table__ffi(c_arg__curves);
    return handle_result(res);
}

SEXP savvy_fr_curves_trade_off__impl(SEXP c_arg__curves, SEXP c_arg__k) {
    SEXP res = savvy_fr_curves_trade_off__ffi(c_arg__curves, c_arg__k);
    return handle_result(res);
}

SEXP savvy_fr_dataset__impl(SEXP c_arg__columns, SEXP c_arg__levels, SEXP c_arg__targets, SEXP c_arg__task, SEXP c_arg__allow_identifiers, SEXP c_arg__groups, SEXP c_arg__order, SEXP c_arg__sparse) {
    SEXP res = savvy_fr_dataset__ffi(c_arg__columns, c_arg__levels, c_arg__targets, c_arg__task, c_arg__allow_identifiers, c_arg__groups, c_arg__order, c_arg__sparse);
    return handle_result(res);
}

SEXP savvy_fr_dataset_info__impl(SEXP c_arg__data) {
    SEXP res = savvy_fr_dataset_info__ffi(c_arg__data);
    return handle_result(res);
}

SEXP savvy_fr_datasets__impl(void) {
    SEXP res = savvy_fr_datasets__ffi();
    return handle_result(res);
}

SEXP savvy_fr_defaults__impl(void) {
    SEXP res = savvy_fr_defaults__ffi();
    return handle_result(res);
}

SEXP savvy_fr_last_error__impl(void) {
    SEXP res = savvy_fr_last_error__ffi();
    return handle_result(res);
}

SEXP savvy_fr_nested__impl(SEXP c_arg__data, SEXP c_arg__rankers, SEXP c_arg__learner, SEXP c_arg__settings, SEXP c_arg__own) {
    SEXP res = savvy_fr_nested__ffi(c_arg__data, c_arg__rankers, c_arg__learner, c_arg__settings, c_arg__own);
    return handle_result(res);
}

SEXP savvy_fr_nested_info__impl(SEXP c_arg__nested) {
    SEXP res = savvy_fr_nested_info__ffi(c_arg__nested);
    return handle_result(res);
}

SEXP savvy_fr_nested_svg__impl(SEXP c_arg__nested) {
    SEXP res = savvy_fr_nested_svg__ffi(c_arg__nested);
    return handle_result(res);
}

SEXP savvy_fr_nested_table__impl(SEXP c_arg__nested) {
    SEXP res = savvy_fr_nested_table__ffi(c_arg__nested);
    return handle_result(res);
}

SEXP savvy_fr_rank__impl(SEXP c_arg__data, SEXP c_arg__seed, SEXP c_arg__method, SEXP c_arg__own) {
    SEXP res = savvy_fr_rank__ffi(c_arg__data, c_arg__seed, c_arg__method, c_arg__own);
    return handle_result(res);
}

SEXP savvy_fr_read__impl(SEXP c_arg__path, SEXP c_arg__targets, SEXP c_arg__task, SEXP c_arg__groups, SEXP c_arg__order) {
    SEXP res = savvy_fr_read__ffi(c_arg__path, c_arg__targets, c_arg__task, c_arg__groups, c_arg__order);
    return handle_result(res);
}

SEXP savvy_fr_runs_get__impl(SEXP c_arg__runs, SEXP c_arg__index) {
    SEXP res = savvy_fr_runs_get__ffi(c_arg__runs, c_arg__index);
    return handle_result(res);
}

SEXP savvy_fr_runs_len__impl(SEXP c_arg__runs) {
    SEXP res = savvy_fr_runs_len__ffi(c_arg__runs);
    return handle_result(res);
}

SEXP savvy_fr_synth__impl(SEXP c_arg__design, SEXP c_arg__seed, SEXP c_arg__rows) {
    SEXP res = savvy_fr_synth__ffi(c_arg__design, c_arg__seed, c_arg__rows);
    return handle_result(res);
}

SEXP savvy_fr_take_notices__impl(void) {
    SEXP res = savvy_fr_take_notices__ffi();
    return handle_result(res);
}






static const R_CallMethodDef CallEntries[] = {
    {"savvy_fr_catalog__impl", (DL_FUNC) &savvy_fr_catalog__impl, 1},
    {"savvy_fr_curves__impl", (DL_FUNC) &savvy_fr_curves__impl, 7},
    {"savvy_fr_curves_answer__impl", (DL_FUNC) &savvy_fr_curves_answer__impl, 2},
    {"savvy_fr_curves_decide_svg__impl", (DL_FUNC) &savvy_fr_curves_decide_svg__impl, 1},
    {"savvy_fr_curves_info__impl", (DL_FUNC) &savvy_fr_curves_info__impl, 1},
    {"savvy_fr_curves_json__impl", (DL_FUNC) &savvy_fr_curves_json__impl, 1},
    {"savvy_fr_curves_load__impl", (DL_FUNC) &savvy_fr_curves_load__impl, 1},
    {"savvy_fr_curves_svg__impl", (DL_FUNC) &savvy_fr_curves_svg__impl, 1},
    {"savvy_fr_curves_table__impl", (DL_FUNC) &savvy_fr_curves_table__impl, 1},
    {"savvy_fr_curves_trade_off__impl", (DL_FUNC) &savvy_fr_curves_trade_off__impl, 2},
    {"savvy_fr_dataset__impl", (DL_FUNC) &savvy_fr_dataset__impl, 8},
    {"savvy_fr_dataset_info__impl", (DL_FUNC) &savvy_fr_dataset_info__impl, 1},
    {"savvy_fr_datasets__impl", (DL_FUNC) &savvy_fr_datasets__impl, 0},
    {"savvy_fr_defaults__impl", (DL_FUNC) &savvy_fr_defaults__impl, 0},
    {"savvy_fr_last_error__impl", (DL_FUNC) &savvy_fr_last_error__impl, 0},
    {"savvy_fr_nested__impl", (DL_FUNC) &savvy_fr_nested__impl, 5},
    {"savvy_fr_nested_info__impl", (DL_FUNC) &savvy_fr_nested_info__impl, 1},
    {"savvy_fr_nested_svg__impl", (DL_FUNC) &savvy_fr_nested_svg__impl, 1},
    {"savvy_fr_nested_table__impl", (DL_FUNC) &savvy_fr_nested_table__impl, 1},
    {"savvy_fr_rank__impl", (DL_FUNC) &savvy_fr_rank__impl, 4},
    {"savvy_fr_read__impl", (DL_FUNC) &savvy_fr_read__impl, 5},
    {"savvy_fr_runs_get__impl", (DL_FUNC) &savvy_fr_runs_get__impl, 2},
    {"savvy_fr_runs_len__impl", (DL_FUNC) &savvy_fr_runs_len__impl, 1},
    {"savvy_fr_synth__impl", (DL_FUNC) &savvy_fr_synth__impl, 3},
    {"savvy_fr_take_notices__impl", (DL_FUNC) &savvy_fr_take_notices__impl, 0},




    {NULL, NULL, 0}
};

void R_init_featrank(DllInfo *dll) {
    R_registerRoutines(dll, NULL, CallEntries, NULL, NULL);
    R_useDynamicSymbols(dll, FALSE);

    // Functions for initialization, if any.

}
