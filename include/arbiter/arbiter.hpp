#pragma once
// Everything in arbiter except format.hpp (which needs fmt).

#include "attacks.hpp"
#include "bitboard.hpp"
#include "config.hpp"
#include "movegen.hpp"
#include "notation/fen.hpp"
#include "notation/uci.hpp"
#include "perft.hpp"
#include "position.hpp"
#include "types.hpp"
#include "zobrist.hpp"
#include <arbiter/key.hpp>
