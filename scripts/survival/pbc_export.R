# data/pbc.csv from R survival's `pbc` (Mayo Clinic primary biliary cholangitis, 418 patients; Fleming &
# Harrington 1991, Appendix D; Therneau & Grambsch 2000): the 17 baseline covariates, then the follow-up time
# in days and the event (1 = death; 0 = censored, transplant included, as survival's own vignettes take it).
# `sex` becomes `female` (1 = f), the one text column turned into 0/1; missing values stay empty.
# Needs R with survival (Debian: r-cran-survival). usage: Rscript scripts/survival/pbc_export.R > data/pbc.csv
suppressPackageStartupMessages(library(survival))
data(pbc, package = "survival")
out <- data.frame(
  trt = pbc$trt, age = pbc$age, female = as.integer(pbc$sex == "f"), ascites = pbc$ascites,
  hepato = pbc$hepato, spiders = pbc$spiders, edema = pbc$edema, bili = pbc$bili, chol = pbc$chol,
  albumin = pbc$albumin, copper = pbc$copper, alk.phos = pbc$alk.phos, ast = pbc$ast, trig = pbc$trig,
  platelet = pbc$platelet, protime = pbc$protime, stage = pbc$stage,
  time = pbc$time, event = as.integer(pbc$status == 2), check.names = FALSE
)
write.csv(out, stdout(), row.names = FALSE, na = "", quote = FALSE)
