# Reference raking for scripts/weighting-reference.test.ts: R's survey package (survey::rake, survey::trimWeights)
# on the same microdata and margins as shared/src/domain/weighting.ts.
# Usage: Rscript weighting-reference.R microdata.csv margins.csv lower upper
# microdata.csv: gender,age,race,province,answer (province "none" when not given)
# margins.csv: margin,category,freq (freq = population share x sample size, so weights average 1)
# Prints CSV lines: stage,option,share — stage "raked" (rake only) and "trimmed" (then trimWeights, strict).
suppressPackageStartupMessages(library(survey))
args <- commandArgs(trailingOnly = TRUE)
d <- read.csv(args[1], colClasses = "character")
m <- read.csv(args[2], colClasses = c("character", "character", "numeric"))
lower <- as.numeric(args[3])
upper <- as.numeric(args[4])
d$answer <- factor(d$answer)
design <- svydesign(ids = ~1, data = d, weights = rep(1, nrow(d)))
vars <- c("gender", "age", "race", "province")
sample.margins <- list()
population.margins <- list()
for (v in vars) {
  rows <- m[m$margin == v, ]
  if (nrow(rows) == 0) next
  pop <- data.frame(rows$category, rows$freq, stringsAsFactors = FALSE)
  names(pop) <- c(v, "Freq")
  sample.margins[[length(sample.margins) + 1]] <- as.formula(paste0("~", v))
  population.margins[[length(population.margins) + 1]] <- pop
}
raked <- rake(design, sample.margins, population.margins, control = list(maxit = 1000, epsilon = 1e-12))
trimmed <- trimWeights(raked, lower = lower, upper = upper, strict = TRUE)
print.shares <- function(stage, des) {
  est <- svymean(~answer, des)
  for (level in levels(d$answer)) {
    cat(stage, ",", level, ",", format(coef(est)[[paste0("answer", level)]], digits = 15), "\n", sep = "")
  }
}
print.shares("raked", raked)
print.shares("trimmed", trimmed)
