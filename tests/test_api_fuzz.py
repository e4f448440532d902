"""A bounded hypothesis run of the api fuzzer (bench/api_fuzz.py runs 100,000 requests)."""

from hypothesis import HealthCheck, given, settings

from api_fuzz import check_one, request_strategy, seeded_matches

MATCHES = seeded_matches()


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(request_strategy(MATCHES))
def test_no_request_escapes_or_corrupts_a_match(text):
    check_one(text, MATCHES)
