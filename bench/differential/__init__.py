"""The differential campaign against alive-tv (``./dev bench differential``): seeds,
mutator, both tools, reducer. See docs/differential.md."""
