// Catch2 v2 only: the test runner's main(). With Catch2 v3 this file is not compiled
// (arbiter_tests links Catch2::Catch2WithMain instead).
#if !defined(ARBITER_CATCH2_V3)
#define CATCH_CONFIG_MAIN
#include "catch.hpp"
#endif
