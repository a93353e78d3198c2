# Tests of the shared models and testbenches: traffic, scoreboard, random streams, JSON.
optinet_gtest(shared/test_traffic SHARE_A_PROCESS)
optinet_gtest(shared/test_scoreboard SHARE_A_PROCESS)
optinet_gtest(shared/test_rng_stats_json SHARE_A_PROCESS)
