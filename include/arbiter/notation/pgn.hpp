#pragma once
// PGN (Portable Game Notation), all of it: the game model (pgn_game.hpp), the streaming
// reader (pgn_reader.hpp) and the export-format writer (pgn_writer.hpp). Include the
// part you need, or this header for all three.

#include "pgn_game.hpp"
#include "pgn_reader.hpp"
#include "pgn_writer.hpp"
