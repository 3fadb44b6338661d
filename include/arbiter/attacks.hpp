#pragma once
// Attack tables: leapers (pawn, knight, king) computed at compile time, sliders
// (bishop, rook, queen) through magic bitboards (PEXT where BMI2 is enabled), and
// the squares between two squares or on the line through them.
//
// The slider and line tables live in static storage and are built once, on first use
// (build_slider_tables(), behind a function-local static and a flag): thread-safe, no
// global init() to call, no static-initialisation-order trap.

#include <array>
#include <atomic>
#include <cstdint>

#include "bitboard.hpp"
#include "types.hpp"

#if defined(__BMI2__) && !defined(ARBITER_NO_PEXT)
#include <immintrin.h>
#define ARBITER_USE_PEXT 1
#endif

namespace arbiter {
namespace detail {

constexpr Bitboard step_attacks(int sq, const int (*deltas)[2], int n) noexcept {
  Bitboard b = 0;
  for (int i = 0; i < n; ++i) {
    int f = sq % 8 + deltas[i][0], r = sq / 8 + deltas[i][1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= Bitboard(1) << (r * 8 + f);
  }
  return b;
}

constexpr Bitboard ray_attacks(int sq, Bitboard occupied, const int (*dirs)[2]) noexcept {
  Bitboard b = 0;
  for (int i = 0; i < 4; ++i) {
    int f = sq % 8 + dirs[i][0], r = sq / 8 + dirs[i][1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Bitboard s = Bitboard(1) << (r * 8 + f);
      b |= s;
      if (occupied & s) break;
      f += dirs[i][0];
      r += dirs[i][1];
    }
  }
  return b;
}

inline constexpr int knight_deltas[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                            {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
inline constexpr int king_deltas[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                          {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
inline constexpr int white_pawn_deltas[2][2] = {{-1, 1}, {1, 1}};
inline constexpr int black_pawn_deltas[2][2] = {{-1, -1}, {1, -1}};
inline constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
inline constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <std::size_t N>
constexpr std::array<Bitboard, 64> leaper_table(const int (&deltas)[N][2]) noexcept {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[std::size_t(s)] = step_attacks(s, deltas, int(N));
  return t;
}

inline constexpr std::array<Bitboard, 64> knight_table = leaper_table(knight_deltas);
inline constexpr std::array<Bitboard, 64> king_table = leaper_table(king_deltas);
inline constexpr std::array<std::array<Bitboard, 64>, 2> pawn_table = {
    leaper_table(white_pawn_deltas), leaper_table(black_pawn_deltas)};

// A slider's lines on an empty board: 64 entries each, cheap to compute at compile time,
// so that the questions "is an enemy slider on a line through the king at all" (move
// generation, the two-legal-moves test, pins) need neither the magic lookup nor the check
// that the slider tables are built.
constexpr std::array<Bitboard, 64> ray_table(const int (*dirs)[2]) noexcept {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[std::size_t(s)] = ray_attacks(s, 0, dirs);
  return t;
}
inline constexpr std::array<Bitboard, 64> rook_ray_table = ray_table(rook_dirs);
inline constexpr std::array<Bitboard, 64> bishop_ray_table = ray_table(bishop_dirs);

// Magic multipliers found offline by a seeded random search (any collision-free set
// works; these give the minimal 12/9-bit tables).
inline constexpr Bitboard rook_magics[64] = {
    0x1080004008801020ull, 0x0840092002c03000ull, 0x1900200010400900ull, 0x0880100008000480ull,
    0x4200100420080200ull, 0x8100020100080400ull, 0x0200040110886200ull, 0x0200008040220411ull,
    0x0404800084400220ull, 0x0000401000402000ull, 0x0086001081220440ull, 0x0408800800100280ull,
    0x000a001201040820ull, 0x8848800200840080ull, 0x4001000100040200ull, 0x0442000102105084ull,
    0x9080010020804100ull, 0x0040404000201009ull, 0x0000808010002009ull, 0x2200090021d00100ull,
    0x0008008008040080ull, 0x0004004002010040ull, 0x0011040008015042ull, 0x00000a0001768104ull,
    0x0000800080204009ull, 0x2010004140002001ull, 0x9800200280100080ull, 0x1000100080080080ull,
    0x0442000a00049020ull, 0x2100040080020080ull, 0x0800120400900148ull, 0x0010040a00128541ull,
    0x2800804000800030ull, 0x1010002000400041ull, 0x4000200011004100ull, 0x0610008410800800ull,
    0x0400802402800800ull, 0xc100020080800400ull, 0x0002000802000401ull, 0x0182085882000401ull,
    0x0220204000808000ull, 0x2860100040024022ull, 0x0001002004110040ull, 0x99101042000a0020ull,
    0x0004080004008080ull, 0x0010040002008080ull, 0x2012004881020004ull, 0x8300842444820011ull,
    0x0088403882010200ull, 0x0820400080210100ull, 0x0110910040a00300ull, 0x0801100280080480ull,
    0x0242009008200600ull, 0x1002000489500200ull, 0x0040800200010080ull, 0x0091800041000080ull,
    0x0000209300488001ull, 0x04c1002414824001ull, 0x020020000b001041ull, 0x7000100004200901ull,
    0x8002002004100802ull, 0x30010002084c0007ull, 0x0888221800813004ull, 0x4000002840840112ull,
};
inline constexpr Bitboard bishop_magics[64] = {
    0xa010041108003100ull, 0x006082020a002900ull, 0x6810010619200000ull, 0x08281a0520000408ull,
    0x0001104001000400ull, 0x0018901008048400ull, 0x00040a0210245280ull, 0x000200210808a402ull,
    0x9140048410821200ull, 0x0800091010820041ull, 0x20504804832202c0ull, 0x0100091401081000ull,
    0x8021011140000012ull, 0x0810020804450400ull, 0x208b0542109008a2ull, 0x0080084a08040204ull,
    0x0040e2a80811244cull, 0x2505022008008108ull, 0x0430220100420040ull, 0x010a040420220040ull,
    0x1105000290400000ull, 0x0093001200822120ull, 0x4000a62048043004ull, 0x280120048a015004ull,
    0x006090002a020814ull, 0x44042000240800d0ull, 0x01102800040a4400ull, 0x1004080080220040ull,
    0x0001001011004024ull, 0x0010044000805040ull, 0x0914041200820100ull, 0x0004821012821480ull,
    0x0024040500c05021ull, 0x0088611002080200ull, 0x0116080a00040020ull, 0x4000020080080080ull,
    0x2450450140840040ull, 0x0000880201484100ull, 0x0222020404020092ull, 0x8081110600002e00ull,
    0x2842101105000801ull, 0x1100809008001025ull, 0x00020202221c0400ull, 0x0422014022009020ull,
    0x0210046102100c00ull, 0xc004008082029102ull, 0x00aa461801101200ull, 0x0404080080201108ull,
    0x020542108c205002ull, 0x0410544804100100ull, 0x0040910841100000ull, 0x0400200042021100ull,
    0x00004204850400c0ull, 0x0200100410a42102ull, 0x1040020801210102ull, 0x0805040410420000ull,
    0x2884804130100200ull, 0x800c262201242000ull, 0x1058000194108800ull, 0x0014221054420204ull,
    0x0104000012a02200ull, 0x0200881003300100ull, 0x0140400202840100ull, 0x0402020801010201ull,
};

struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* table;
  unsigned shift;

  ARBITER_FORCE_INLINE unsigned index(Bitboard occupied) const noexcept {
#ifdef ARBITER_USE_PEXT
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
  ARBITER_FORCE_INLINE Bitboard attacks(Bitboard occupied) const noexcept {
    return table[index(occupied)];
  }
};

struct SliderTables {
  Magic rook[64];
  Magic bishop[64];
  Bitboard between[64][64];  // squares strictly between a and b on a line, else 0
  Bitboard line[64][64];     // the whole line through a and b, else 0
  Bitboard rook_table[0x19000];
  Bitboard bishop_table[0x1480];

  // Fills the tables (they start as zeros in static storage: slider_tables() below).
  void build() noexcept {
    init(rook, rook_table, rook_dirs, rook_magics);
    init(bishop, bishop_table, bishop_dirs, bishop_magics);
    for (int a = 0; a < 64; ++a) {
      for (int b = 0; b < 64; ++b) {
        between[a][b] = line[a][b] = 0;
        if (a == b) continue;
        Bitboard bb = Bitboard(1) << b;
        for (const Magic* m : {&rook[a], &bishop[a]}) {
          const Magic& other = (m == &rook[a]) ? rook[b] : bishop[b];
          if (m->attacks(0) & bb) {
            line[a][b] = (m->attacks(0) & other.attacks(0)) | (Bitboard(1) << a) | bb;
            between[a][b] = m->attacks(bb) & other.attacks(Bitboard(1) << a);
          }
        }
      }
    }
  }

 private:
  static void init(Magic* magics, Bitboard* table, const int (*dirs)[2],
                   const Bitboard* multipliers) noexcept {
    // A slider's attacks on one line depend on the pieces on that line alone, so every
    // subset of a square's mask is a union of one subset of each of its four rays, and its
    // attacks the union of theirs: each ray's subsets (at most 64) and their attacks are
    // listed once, and the entries written from four nested loops, a few instructions each.
    // (Each subset's rays walked apart made the whole build() 8.9 M instructions; this
    // way it is 2.4 M.)
    Bitboard* next = table;
    for (int s = 0; s < 64; ++s) {
      const Bitboard edges =
          ((Rank1 | Rank8) & ~rank_bb(s / 8)) | ((FileA | FileH) & ~file_bb(s % 8));
      Magic& m = magics[s];
      m.mask = ray_attacks(s, 0, dirs) & ~edges;
      m.magic = multipliers[s];
      m.shift = unsigned(64 - popcount(m.mask));
      m.table = next;
      // Each direction's subsets of the mask on its ray, and the ray's attacks up to the
      // nearest piece of each (the edge square, outside the mask, always attacked last).
      Bitboard occupied[4][64], attacked[4][64];
      int count[4];
      for (int d = 0; d < 4; ++d) {
        Bitboard ray[8];
        int length = 0;
        for (int f = s % 8 + dirs[d][0], r = s / 8 + dirs[d][1]; f >= 0 && f < 8 && r >= 0 && r < 8;
             f += dirs[d][0], r += dirs[d][1])
          ray[length++] = Bitboard(1) << (r * 8 + f);
        const int inner = length > 0 ? length - 1 : 0;  // the squares of the ray in the mask
        count[d] = 1 << inner;
        for (int k = 0; k < count[d]; ++k) {
          Bitboard pieces = 0, attacks = 0;
          bool blocked = false;
          for (int i = 0; i < length; ++i) {
            const bool piece = i < inner && (k >> i & 1);
            if (piece) pieces |= ray[i];
            if (!blocked) attacks |= ray[i];
            blocked = blocked || piece;
          }
          occupied[d][k] = pieces;
          attacked[d][k] = attacks;
        }
      }
      for (int a = 0; a < count[0]; ++a)
        for (int b = 0; b < count[1]; ++b) {
          const Bitboard occupied_ab = occupied[0][a] | occupied[1][b];
          const Bitboard attacked_ab = attacked[0][a] | attacked[1][b];
          for (int c = 0; c < count[2]; ++c) {
            const Bitboard occupied_abc = occupied_ab | occupied[2][c];
            const Bitboard attacked_abc = attacked_ab | attacked[2][c];
            for (int e = 0; e < count[3]; ++e)
              next[m.index(occupied_abc | occupied[3][e])] = attacked_abc | attacked[3][e];
          }
        }
      next += Bitboard(1) << popcount(m.mask);
    }
  }
};

// The alignment of the tables' storage: a cache line, unless the program asks for more,
// the same in all its translation units. A program that asks for the size of a huge page
// (2 MiB: -DARBITER_SLIDER_TABLES_ALIGN=2097152) has the 0.9 MB of tables alone in one,
// which the system can give it as one page where it is asked to (madvise MADV_HUGEPAGE on
// Linux, before the tables are built): the arbiter tool does (examples/arbiter/
// memory_pages.hpp), since a fault for each of their 230 small pages was most of the time
// the build took.
#ifndef ARBITER_SLIDER_TABLES_ALIGN
#define ARBITER_SLIDER_TABLES_ALIGN 64
#endif
struct alignas(ARBITER_SLIDER_TABLES_ALIGN) SliderTablesStorage {
  SliderTables tables;
};

// The tables, in static storage that no constructor touches at start-up (zeros until
// built), and whether they are built: slider_tables() is inlined at every slider lookup, so
// its check is one load of a flag and a branch, and the table's address a constant. (A
// function-local static did the same check, but its guard's slow path made it too large
// for the compiler to inline everywhere: about 1.4 calls a ply of an audit, 0.8% of its time.)
inline SliderTablesStorage slider_tables_storage;
inline std::atomic<bool> slider_tables_built{false};

// Builds the tables once, whichever threads ask at once (the initialisation of a
// function-local static is thread-safe), then publishes them to slider_tables().
ARBITER_COLD inline const SliderTables& build_slider_tables() noexcept {
  static const bool built = [] {
    slider_tables_storage.tables.build();
    slider_tables_built.store(true, std::memory_order_release);
    return true;
  }();
  static_cast<void>(built);
  return slider_tables_storage.tables;
}

ARBITER_FORCE_INLINE const SliderTables& slider_tables() noexcept {
  if (ARBITER_LIKELY(slider_tables_built.load(std::memory_order_acquire)))
    return slider_tables_storage.tables;
  return build_slider_tables();
}

}  // namespace detail

/// The squares a pawn of colour `c` on `s` attacks.
constexpr Bitboard pawn_attacks(Color c, Square s) noexcept {
  return detail::pawn_table[std::size_t(index(c))][std::size_t(index(s))];
}
/// The squares a knight on `s` attacks.
constexpr Bitboard knight_attacks(Square s) noexcept {
  return detail::knight_table[std::size_t(index(s))];
}
/// The squares a king on `s` attacks.
constexpr Bitboard king_attacks(Square s) noexcept {
  return detail::king_table[std::size_t(index(s))];
}

/// The squares a bishop on `s` attacks on an empty board: bishop_attacks(s, 0).
constexpr Bitboard bishop_rays(Square s) noexcept {
  return detail::bishop_ray_table[std::size_t(index(s))];
}
/// The squares a rook on `s` attacks on an empty board: rook_attacks(s, 0).
constexpr Bitboard rook_rays(Square s) noexcept {
  return detail::rook_ray_table[std::size_t(index(s))];
}

/// Squares attacked by all pawns of colour `c` in `pawns`.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) noexcept {
  if constexpr (C == Color::White)
    return shift<7>(pawns) | shift<9>(pawns);
  else
    return shift<-7>(pawns) | shift<-9>(pawns);
}

// The slider lookups are forced inline: GCC otherwise keeps them out of line (a call, and
// the check that the tables are built, around two loads and a multiply), and they are the
// inner step of move generation, SAN reading and every attack test.

/// The squares a bishop on `s` attacks, stopping at the first piece of `occupied` on each line.
ARBITER_FORCE_INLINE Bitboard bishop_attacks(Square s, Bitboard occupied) noexcept {
  return detail::slider_tables().bishop[index(s)].attacks(occupied);
}
/// The squares a rook on `s` attacks, stopping at the first piece of `occupied` on each line.
ARBITER_FORCE_INLINE Bitboard rook_attacks(Square s, Bitboard occupied) noexcept {
  return detail::slider_tables().rook[index(s)].attacks(occupied);
}
/// The squares a queen on `s` attacks: bishop and rook lines together.
ARBITER_FORCE_INLINE Bitboard queen_attacks(Square s, Bitboard occupied) noexcept {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
/// Squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
inline Bitboard between_bb(Square a, Square b) noexcept {
  return detail::slider_tables().between[index(a)][index(b)];
}
/// The full rank, file or diagonal through `a` and `b`; empty if they share none.
inline Bitboard line_bb(Square a, Square b) noexcept {
  return detail::slider_tables().line[index(a)][index(b)];
}

/// Attacks of a piece type from a square (pawns excluded: they depend on colour).
ARBITER_FORCE_INLINE Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) noexcept {
  switch (t) {
    case PieceType::Knight:
      return knight_attacks(s);
    case PieceType::Bishop:
      return bishop_attacks(s, occupied);
    case PieceType::Rook:
      return rook_attacks(s, occupied);
    case PieceType::Queen:
      return queen_attacks(s, occupied);
    case PieceType::King:
      return king_attacks(s);
    default:
      return 0;
  }
}

}  // namespace arbiter
