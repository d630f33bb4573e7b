# A temporary folder removed when the test ends.
withr_tempdir <- function(env = parent.frame()) {
  dir <- tempfile("featrank")
  dir.create(dir)
  do.call(on.exit, list(substitute(unlink(d, recursive = TRUE), list(d = dir)), add = TRUE), envir = env)
  dir
}
