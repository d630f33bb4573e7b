library(testthat)
library(featrank)

test_check("featrank")
