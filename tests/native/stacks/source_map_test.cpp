// Source maps: the Source Map v3 decoder (base64 VLQ mappings), the shown path rule, inline maps,
// the stack rewrite, and the QuickJS backtrace hook on a real domain with hand-written maps.
#include "stacks/backtrace_hook.h"
#include "support/native_host.h"
#include "stacks/source_map.h"
#include "stacks/source_maps.h"

#include <chrono>
#include <cstdio>

using zts::OriginalPosition;
using zts::SourceMap;
using zts_test::NativeHost;

namespace
{

SourceMap decoded(const std::string &mappings, size_t sources)
{
    SourceMap map;
    std::string error;
    EXPECT_TRUE(map.decode(mappings, sources, error)) << error;
    for (size_t i = 0; i < sources; i++) {
        map.sources.push_back("s" + std::to_string(i) + ".ts");
    }
    return map;
}

std::string at(const SourceMap &map, int32_t line, int32_t col)
{
    OriginalPosition p;
    if (!map.lookup(line, col, p)) {
        return "unmapped";
    }
    return std::to_string(p.source) + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

std::string rejected(const std::string &mappings, size_t sources = 1)
{
    SourceMap map;
    std::string error;
    bool ok = map.decode(mappings, sources, error);
    EXPECT_EQ(0u, map.segment_count());
    return ok ? std::string("accepted") : error;
}

std::string b64(const std::string &raw)
{
    static const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < raw.size(); i += 3) {
        uint32_t n = (uint8_t(raw[i]) << 16) | (uint8_t(raw[i + 1]) << 8) | uint8_t(raw[i + 2]);
        out += alphabet[n >> 18 & 63];
        out += alphabet[n >> 12 & 63];
        out += alphabet[n >> 6 & 63];
        out += alphabet[n & 63];
    }
    if (i + 1 == raw.size()) {
        uint32_t n = uint8_t(raw[i]) << 16;
        out += alphabet[n >> 18 & 63];
        out += alphabet[n >> 12 & 63];
        out += "==";
    } else if (i + 2 == raw.size()) {
        uint32_t n = (uint8_t(raw[i]) << 16) | (uint8_t(raw[i + 1]) << 8);
        out += alphabet[n >> 18 & 63];
        out += alphabet[n >> 12 & 63];
        out += alphabet[n >> 6 & 63];
        out += '=';
    }
    return out;
}

} // namespace

TEST(SourceMap_Decode, VlqValues_SignsContinuationsAndDeltas)
{
    // Fields are deltas: "C" = +1, "D" = -1, "gB" = +16, "2H" = +123; the generated column restarts per line.
    SourceMap map = decoded("AAAA,CAAC,gBCAD;2HAgBC", 2);
    EXPECT_EQ(4u, map.segment_count());
    EXPECT_EQ("0:0:0", at(map, 0, 0));
    EXPECT_EQ("0:0:1", at(map, 0, 1));
    EXPECT_EQ("0:0:1", at(map, 0, 16));
    EXPECT_EQ("1:0:0", at(map, 0, 17));
    EXPECT_EQ("1:16:1", at(map, 1, 0)); // before 123: the line's first (only) segment
    EXPECT_EQ("1:16:1", at(map, 1, 123));
}

TEST(SourceMap_Decode, Lookup_GreatestLowerBoundPerLine)
{
    // line 0: col 0 -> s0 0:0, col 4 -> s0 0:4, col 10 -> s0 1:6; line 1 empty; line 2: col 2 -> s1 19:0
    SourceMap map = decoded("AAAA,IAAI,MACE;;ECkBN", 2);
    EXPECT_EQ("0:0:0", at(map, 0, 0));
    EXPECT_EQ("0:0:0", at(map, 0, 3));
    EXPECT_EQ("0:0:4", at(map, 0, 4));
    EXPECT_EQ("0:0:4", at(map, 0, 9));
    EXPECT_EQ("0:1:6", at(map, 0, 10));
    EXPECT_EQ("0:1:6", at(map, 0, 500));
    EXPECT_EQ("unmapped", at(map, 1, 0));
    EXPECT_EQ("1:19:0", at(map, 2, 0)); // before the line's first segment: that segment
    EXPECT_EQ("1:19:0", at(map, 2, 7));
    EXPECT_EQ("unmapped", at(map, 3, 0));
    EXPECT_EQ("unmapped", at(map, -1, 0));
}

TEST(SourceMap_Decode, OneFieldSegment_MapsToNothing)
{
    SourceMap map = decoded("AAAA,K", 1);
    EXPECT_EQ("0:0:0", at(map, 0, 4));
    EXPECT_EQ("unmapped", at(map, 0, 5));
}

TEST(SourceMap_Decode, FiveFieldSegmentsAndEmptyMappings)
{
    SourceMap names = decoded("AAAAA,EAAEC", 1);
    EXPECT_EQ("0:0:2", at(names, 0, 2));
    SourceMap empty = decoded("", 0);
    EXPECT_EQ(0u, empty.segment_count());
    EXPECT_EQ("unmapped", at(empty, 0, 0));
}

TEST(SourceMap_Decode, UnsortedLine_IsSorted)
{
    // col 8 -> 0:0:8 written before col 2 -> 0:0:4 (delta -6 = "N", line col delta -4 = "J")
    SourceMap map = decoded("QAAQ,NAAJ", 1);
    EXPECT_EQ("0:0:4", at(map, 0, 2));
    EXPECT_EQ("0:0:4", at(map, 0, 7));
    EXPECT_EQ("0:0:8", at(map, 0, 8));
}

TEST(SourceMap_Malformed, RejectedWithAReason)
{
    EXPECT_NE(std::string::npos, rejected("AA$A").find("invalid character '$'"));
    EXPECT_NE(std::string::npos, rejected("AAA").find("3 fields"));
    EXPECT_NE(std::string::npos, rejected("AA").find("2 fields"));
    EXPECT_NE(std::string::npos, rejected("AAAAAA").find("more than 5 fields"));
    EXPECT_NE(std::string::npos, rejected("AAAg").find("truncated VLQ"));
    EXPECT_NE(std::string::npos, rejected("AAAg;AAAA").find("truncated VLQ"));
    EXPECT_NE(std::string::npos, rejected("AEAA").find("out of range"));
    EXPECT_NE(std::string::npos, rejected("AAAA", 0).find("out of range"));
    EXPECT_NE(std::string::npos, rejected("AADA").find("negative original"));
    EXPECT_NE(std::string::npos, rejected("AAAD").find("negative original"));
    EXPECT_NE(std::string::npos, rejected("D").find("negative generated"));
    EXPECT_NE(std::string::npos, rejected("gggggggggggA").find("too large"));
    EXPECT_NE(std::string::npos, rejected("AAA\xC3\xA9").find("invalid character"));
}

TEST(SourceMap_Malformed, RandomBytes_NeverCrash)
{
    // Deterministic garbage from the base64 alphabet and separators: each input is accepted or rejected,
    // and an accepted one answers every lookup within its sources.
    // Half of the rounds draw from small non-negative digits only, so some inputs are well-formed.
    const std::string any = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/,;;,\xff";
    const std::string small = "AAAACCE,,;";
    uint32_t seed = 12345;
    int accepted = 0;
    for (int round = 0; round < 4000; round++) {
        const std::string &alphabet = round % 2 == 0 ? any : small;
        std::string text;
        size_t len = 1 + (seed % 40);
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            text += alphabet[(seed >> 16) % alphabet.size()];
        }
        SourceMap map;
        std::string error;
        if (map.decode(text, 3, error)) {
            accepted++;
            for (int line = 0; line < 4; line++) {
                OriginalPosition p;
                if (map.lookup(line, 3, p)) {
                    EXPECT_GE(p.source, 0);
                    EXPECT_LT(p.source, 3);
                    EXPECT_GE(p.line, 0);
                    EXPECT_GE(p.column, 0);
                }
            }
        } else {
            EXPECT_FALSE(error.empty());
        }
    }
    EXPECT_GT(accepted, 0);
}

TEST(SourceMap_Paths, ResolvedAgainstRootAndModuleFolder)
{
    using zts::source_display_path;
    EXPECT_EQ("game/logic.ts", source_display_path("game/logic", "", "logic.ts"));
    EXPECT_EQ("../src/game/logic.ts", source_display_path("game/logic", "", "../../src/game/logic.ts"));
    EXPECT_EQ("src/game/logic.ts", source_display_path("game/logic", "../src", "game/logic.ts"));
    EXPECT_EQ("src/game/logic.ts", source_display_path("game/logic", "../src/", "./game/logic.ts"));
    EXPECT_EQ("../../x.ts", source_display_path("main", "", "../../x.ts"));
    EXPECT_EQ("x.ts", source_display_path("main", "", "x.ts"));
    EXPECT_EQ("/home/u/src/x.ts", source_display_path("game/logic", "", "/home/u//src/./x.ts"));
    EXPECT_EQ("/srv/src/x.ts", source_display_path("game/logic", "/srv/src", "x.ts"));
    EXPECT_EQ("webpack:///./x.ts", source_display_path("game/logic", "", "webpack:///./x.ts"));
    EXPECT_EQ("file:///a/x.ts", source_display_path("game/logic", "file:///a/", "x.ts"));
}

TEST(SourceMap_Inline, DataUrlComment_IsDecoded)
{
    std::string json = R"({"version":3,"sources":["a.ts"],"mappings":"AAAA"})";
    std::string out;
    EXPECT_TRUE(zts::inline_source_map("export const x = 1;\n//# sourceMappingURL=data:application/json;base64," +
                                           b64(json) + "\n",
                                       out));
    EXPECT_EQ(json, out);
    EXPECT_TRUE(zts::inline_source_map("x;\n//# sourceMappingURL=data:application/json;charset=utf-8;base64," +
                                           b64(json + " "),
                                       out));
    EXPECT_EQ(json + " ", out);
    EXPECT_FALSE(zts::inline_source_map("x;\n//# sourceMappingURL=logic.js.map\n", out));
    EXPECT_FALSE(zts::inline_source_map("x; //# sourceMappingURL=data:application/json;base64,e30=", out));
    EXPECT_FALSE(zts::inline_source_map("x;\n//# sourceMappingURL=data:application/json;base64,e3*0", out));
    EXPECT_FALSE(zts::inline_source_map("export const x = 1;", out));
}

TEST(SourceMap_Rewrite, MappedFramesShowTsThenJsPosition)
{
    zts::SourceMaps maps;
    SourceMap map = decoded(";AAUI", 1); // line 2 (1-based) of game/logic -> s0.ts line 11, column 5
    map.sources[0] = "src/logic.ts";
    maps.put("game/logic", std::move(map));
    std::string out;
    std::string stack = "    at f (game/logic:2:9)\n"
                        "    at <anonymous> (native)\n"
                        "    at g (other:1:1)\n"
                        "    at get x (game/logic:1:1)\n"
                        "    at game/logic:2:3\n"
                        "    at h (game/logic)\n";
    ASSERT_TRUE(zts::rewrite_backtrace(stack, maps, out));
    EXPECT_EQ("    at f (src/logic.ts:11:5) [game/logic:2:9]\n"
              "    at <anonymous> (native)\n"
              "    at g (other:1:1)\n"
              "    at get x (game/logic:1:1)\n"
              "    at src/logic.ts:11:5 [game/logic:2:3]\n"
              "    at h (game/logic)\n",
              out);
    EXPECT_FALSE(zts::rewrite_backtrace("    at g (other:1:1)\n", maps, out));
    EXPECT_FALSE(zts::rewrite_backtrace("", maps, out));
    EXPECT_FALSE(zts::rewrite_backtrace("    at f (game/logic:x:9)\n    at (game/logic::)\n", maps, out));
}

// ---- the hook on a real domain (QuickJS leak count checked at teardown) ------------------------------

namespace
{

// game/logic: line 2 throws; line 3 is an engine TypeError; line 4 returns a caught error's stack.
const char *k_logic = "export function f() {\n"
                      "  throw new Error('boom');\n"
                      "}\nexport function g() { return null.x; }\n"
                      "export function h() { try { f(); } catch (e) { return e.stack; } }\n";
// line 2 -> logic.ts:11:5, line 4 -> logic.ts:21:3, line 5 -> logic.ts:31:1 (0-based deltas 10, +10, +10)
const char *k_logic_map =
    R"({"version":3,"file":"logic.js","sourceRoot":"../src","sources":["game/logic.ts"],"names":[],"mappings":";AAUI;;AAUF;AAUF"})";

} // namespace

using SourceMap_Hook = NativeHost;

TEST_F(SourceMap_Hook, ThrownError_StackShowsTsAndJsPositions)
{
    module("game/logic", k_logic);
    source_map("game/logic", k_logic_map);
    int32_t f = function("game/logic", "f");
    zts_value r;
    ASSERT_EQ(ZTS_ERR_JS, call(f, {}, &r));
    zts_error_info info{};
    zts_domain_error(d, &info);
    std::string stack(info.stack, static_cast<size_t>(info.stack_len));
    EXPECT_NE(std::string::npos, stack.find("    at f (src/game/logic.ts:11:5) [game/logic:2:")) << stack;
}

TEST_F(SourceMap_Hook, EngineTypeError_IsMappedToo)
{
    module("game/logic", k_logic);
    source_map("game/logic", k_logic_map);
    int32_t g = function("game/logic", "g");
    zts_value r;
    ASSERT_EQ(ZTS_ERR_JS, call(g, {}, &r));
    zts_error_info info{};
    zts_domain_error(d, &info);
    EXPECT_EQ("TypeError", std::string(info.name, static_cast<size_t>(info.name_len)));
    std::string stack(info.stack, static_cast<size_t>(info.stack_len));
    EXPECT_NE(std::string::npos, stack.find("    at g (src/game/logic.ts:21:3) [game/logic:4:")) << stack;
}

// e.stack read inside JS is mapped by QuickJS's backtrace hook (tools/patches/quickjs-backtrace-hook.patch); stock
// QuickJS has none, so there it keeps the .js positions (the host's stacks are mapped all the same: the tests above).
TEST_F(SourceMap_Hook, StackReadInJs_IsMapped)
{
    module("game/logic", k_logic);
    source_map("game/logic", k_logic_map);
    int32_t h = function("game/logic", "h");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(h, {}, &r));
    std::string stack = take_string(r);
#if ZTS_QUICKJS_PATCHES
    EXPECT_NE(std::string::npos, stack.find("    at f (src/game/logic.ts:11:5) [game/logic:2:")) << stack;
    EXPECT_NE(std::string::npos, stack.find("    at h (src/game/logic.ts:31:1) [game/logic:5:")) << stack;
#else
    EXPECT_NE(std::string::npos, stack.find("    at f (game/logic:2:")) << stack;
    EXPECT_EQ(std::string::npos, stack.find("logic.ts")) << stack;
#endif
}

TEST_F(SourceMap_Hook, InlineMap_IsUsedWithoutHostMap)
{
    module("game/logic", std::string(k_logic) + "//# sourceMappingURL=data:application/json;base64," + b64(k_logic_map) +
                             "\n");
    int32_t h = function("game/logic", "h");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(h, {}, &r));
    std::string stack = take_string(r);
#if ZTS_QUICKJS_PATCHES
    EXPECT_NE(std::string::npos, stack.find("(src/game/logic.ts:11:5) [game/logic:2:")) << stack;
#else
    EXPECT_EQ(std::string::npos, stack.find("logic.ts")) << stack << "\n(stock QuickJS: no backtrace hook)";
    // The inline map is read all the same: the stack the host is given is mapped by it.
    ASSERT_EQ(ZTS_ERR_JS, call(function("game/logic", "f"), {}, &r));
    zts_error_info info{};
    zts_domain_error(d, &info);
    std::string host(info.stack, static_cast<size_t>(info.stack_len));
    EXPECT_NE(std::string::npos, host.find("    at f (src/game/logic.ts:11:5) [game/logic:2:")) << host;
#endif
}

TEST_F(SourceMap_Hook, SyntaxErrorPosition_IsMapped)
{
    module("game/broken", "export const a = 1;\nexport const b = ;\n");
    source_map("game/broken",
               R"({"version":3,"sources":["broken.ts"],"mappings":";AAOA"})"); // line 2 -> broken.ts:8:1
    int32_t ref = 0;
    ASSERT_EQ(ZTS_ERR_JS, zts_module_get_function(d, "game/broken", "a", &ref));
    zts_error_info info{};
    zts_domain_error(d, &info);
    EXPECT_EQ("SyntaxError", std::string(info.name, static_cast<size_t>(info.name_len)));
    std::string stack(info.stack, static_cast<size_t>(info.stack_len));
    EXPECT_EQ(0u, stack.find("    at game/broken.ts:8:1 [game/broken:2:")) << stack;
}

TEST_F(SourceMap_Hook, MalformedMaps_ModuleLoadsUnmapped)
{
    const char *bad[] = {
        "{",                                                            // not JSON
        "[]",                                                           // not an object
        R"({"version":2,"sources":["a.ts"],"mappings":";AAUI"})",       // wrong version
        R"({"version":3,"sources":"a.ts","mappings":";AAUI"})",         // sources not an array
        R"({"version":3,"sources":["a.ts"],"mappings":";AA$I"})",       // bad character
        R"({"version":3,"sources":["a.ts"],"mappings":";ACUI"})",       // source index out of range
        R"({"version":3,"sources":["a.ts"],"mappings":42})",            // mappings not a string
        R"({"version":3,"sections":[],"sources":[],"mappings":""})",    // index map
        R"({"version":3,"sources":["a.ts"],"sourceRoot":7,"mappings":";AAUI"})",
    };
    int n = 0;
    for (const char *json : bad) {
        std::string name = "bad" + std::to_string(n++);
        module(name, k_logic);
        source_map(name, json);
        int32_t h = function(name, "h");
        zts_value r;
        ASSERT_EQ(ZTS_OK, call(h, {}, &r)) << json;
        std::string stack = take_string(r);
        EXPECT_NE(std::string::npos, stack.find("    at f (" + name + ":2:")) << json << "\n" << stack;
        EXPECT_EQ(std::string::npos, stack.find(".ts")) << json << "\n" << stack;
    }
}

TEST_F(SourceMap_Hook, ModuleWithoutMap_IsUnchanged)
{
    module("plain", k_logic);
    module("game/logic", k_logic);
    source_map("game/logic", k_logic_map);
    function("game/logic", "h"); // a mapped module exists in the domain
    int32_t h = function("plain", "h");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(h, {}, &r));
    std::string stack = take_string(r);
    EXPECT_NE(std::string::npos, stack.find("    at f (plain:2:")) << stack;
    EXPECT_EQ(std::string::npos, stack.find('[')) << stack;
}

TEST_F(SourceMap_Hook, CostPerThrownError_IsReported)
{
    // Not a pass/fail threshold: prints the time per caught throw (stack read in JS) with and without a map,
    // for a 3-frame and a 53-frame stack, for the record (docs/SOURCE_MAPS.md, "Cost").
    std::string loop = "function dive(k) { if (k === 0) f(); else dive(k - 1); }\n"
                       "export function run(n, depth) { let s = 0; for (let i = 0; i < n; i++) { try { dive(depth); } "
                       "catch (e) { s += e.stack.length; } } return s; }\n";
    module("game/logic", std::string(k_logic) + loop);
    // Every generated line of the loop maps too (lines 6 and 7 -> logic.ts 41 and 51).
    source_map("game/logic",
               R"({"version":3,"sourceRoot":"../src","sources":["game/logic.ts"],"mappings":";AAUI;;AAUF;AAUF;AAUA;AAUA"})");
    module("plain", std::string(k_logic) + loop);
    const char *names[2] = {"game/logic", "plain"};
    const int n = 10000;
    for (int depth : {0, 50}) {
        double per_call[2] = {0, 0};
        for (int i = 0; i < 2; i++) {
            int32_t run = function(names[i], "run");
            zts_value r;
            auto start = std::chrono::steady_clock::now();
            ASSERT_EQ(ZTS_OK, call(run, {zts_test::int_value(n), zts_test::int_value(depth)}, &r));
            auto end = std::chrono::steady_clock::now();
            per_call[i] = std::chrono::duration<double, std::micro>(end - start).count() / n;
            EXPECT_GT(r.u.int32, 0);
            zts_function_release(d, run);
        }
        std::printf("[ cost     ] throw+catch+e.stack, %d frames: %.2f us mapped, %.2f us unmapped\n", depth + 3,
                    per_call[0], per_call[1]);
    }
}
