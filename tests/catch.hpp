// The one Catch2 include of arbiter's tests: Catch2 v3 when the build found it
// (tests/CMakeLists.txt defines ARBITER_CATCH2_V3), else Catch2 v2 (Debian 12 ships 2.13).
#pragma once

#if defined(ARBITER_CATCH2_V3)
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>
#endif
