// The words of the audit's report (examples/arbiter/audit_text.hpp): every text in all
// four languages, with the same placeholders, translated (not left in English), Cyrillic
// in Russian only, and filled completely by say().

#include <set>
#include <string>

#include "../examples/arbiter/audit_text.hpp"
#include "catch.hpp"
#include "text_util.hpp"

using namespace arbiter_test;
using arbiter::Language;
using arbiter_cli::audit_text;
using arbiter_cli::AuditText;

TEST_CASE("audit report: every text exists in all four languages, with the same placeholders",
          "[audit][cli]") {
  std::set<std::string> keys;
  for (int i = 0; i < arbiter_cli::audit_text_count; ++i) {
    const arbiter_cli::AuditTextInfo& info = arbiter_cli::audit_text_table[i];
    INFO("text " << i << " " << info.key);
    CHECK(keys.insert(info.key).second);  // keys are unique
    const std::string english = audit_text(info.id, Language::English);
    for (Language l : arbiter::all_languages) {
      INFO(arbiter::language_code(l));
      const std::string s = audit_text(info.id, l);
      CHECK_FALSE(s.empty());
      CHECK(placeholders(s) == placeholders(english));
      CHECK(has_cyrillic(s) == (l == Language::Russian));
      if (l != Language::English) CHECK(s != english);
      // No article is named by the report's own words: the library's sentences do that.
      CHECK_FALSE(contains(s, "{article}"));
    }
  }
}

TEST_CASE("audit report: say() fills every placeholder it is given", "[audit][cli]") {
  const std::string text =
      arbiter_cli::say(AuditText::PlayedOn, Language::Portuguese, {{"ply", "57"}, {"later", "27"}});
  CHECK(text ==
        "A partida já tinha terminado no meio-lance 57; os meios-lances seguintes (27) são nulos.");
  // A placeholder without a value stays visible, braces included, so a test can find it.
  CHECK(contains(arbiter_cli::say(AuditText::PlayedOn, Language::English, {{"ply", "57"}}),
                 "{later}"));
}
