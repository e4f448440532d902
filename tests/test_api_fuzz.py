"""A bounded hypothesis run of the api fuzzer (bench/api_fuzz.py runs 100,000 requests)."""

from hypothesis import HealthCheck, given, settings, strategies as st

from api_fuzz import check_one, draw_request, seeded_matches
from helpers import examples

MATCHES = seeded_matches()


@settings(max_examples=examples(2000), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.data())
def test_no_request_escapes_or_corrupts_a_match(data):
    check_one(draw_request(data, MATCHES), MATCHES)
