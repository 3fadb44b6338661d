#pragma once
// Everything in arbiter except format.hpp (which needs fmt).

#include "attacks.hpp"
#include "bitboard.hpp"
#include "config.hpp"
#include "halfmove.hpp"
#include "key.hpp"
#include "movegen.hpp"
#include "notation/fen.hpp"
#include "notation/san.hpp"
#include "notation/uci.hpp"
#include "perft.hpp"
#include "position.hpp"
#include "repetition.hpp"
#include "types.hpp"
#include "zobrist.hpp"
