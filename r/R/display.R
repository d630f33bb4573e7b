# Results shown where R users look: tables as data.frames, figures as the library's SVG — inline in Jupyter's
# IRkernel (a `repr_svg` method, registered when the repr package is there), in RStudio's viewer, else written to
# a file whose path is printed.

# A named list of columns (the compiled side's tables) as a data.frame.
as_frame <- function(columns) {
  structure(columns, class = "data.frame", row.names = .set_row_names(length(columns[[1]] %||% integer())))
}

show_svg <- function(text, what) {
  viewer <- getOption("viewer")
  if (isTRUE(getOption("jupyter.in_kernel")) && requireNamespace("IRdisplay", quietly = TRUE)) {
    IRdisplay::display_svg(text)
  } else if (!is.null(viewer)) {
    file <- tempfile(what, fileext = ".html")
    writeLines(c("<!DOCTYPE html><html><body>", text, "</body></html>"), file, useBytes = TRUE)
    viewer(file)
  } else {
    file <- tempfile(what, fileext = ".svg")
    writeLines(text, file, useBytes = TRUE)
    message("featrank: the figure is in ", file)
  }
  invisible(text)
}

repr_svg_featrank <- function(obj, ...) as_svg(obj)

.onLoad_display <- function() {
  if (requireNamespace("repr", quietly = TRUE)) {
    for (class in c("featrank_curves", "featrank_nested", "featrank_decision", "featrank_trade_off")) {
      registerS3method("repr_svg", class, repr_svg_featrank, envir = asNamespace("repr"))
    }
  }
}
