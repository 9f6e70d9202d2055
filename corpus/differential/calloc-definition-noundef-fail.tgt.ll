; The target of calloc-definition-noundef-fail.src.ll: `noundef` added to %sz.
define ptr @calloc(i64 %nmeb, i64 noundef %sz) {
  ret ptr null
}
