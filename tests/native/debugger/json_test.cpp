// The inspector's JSON (native/inspector/json.h): QuickJS's JSON.parse and JSON.stringify over values of a runtime of
// its own. Strict parsing, nested at most 200 deep; \u escapes and surrogates; invalid UTF-8 refused in a message
// and replaced by U+FFFD in a string the inspector writes; numbers as JavaScript writes them; the accessors'
// fallbacks; and the debuggee's heap untouched by the protocol.
#include "inspector/json.h"
#include "quickjs.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using zts::dbg::Json;

namespace
{

Json parsed(const std::string &text)
{
    Json v;
    std::string error;
    EXPECT_TRUE(Json::parse(text, v, error)) << text << ": " << error;
    return v;
}

// The parse error of text ("" when it parsed).
std::string rejected(const std::string &text)
{
    Json v = Json::string("not reset");
    std::string error;
    if (Json::parse(text, v, error)) {
        return "";
    }
    EXPECT_TRUE(v.is_null()) << "out must be null after a failure: " << text;
    EXPECT_FALSE(error.empty());
    return error;
}

std::string num(double v)
{
    return Json::number(v).dump();
}

} // namespace

TEST(Debugger_Json, Parse_NestedObject_RoundTrips)
{
    const std::string text =
        R"({"id":7,"method":"Debugger.setBreakpointByUrl","params":{"lineNumber":12,"url":"file:///a b.js",)"
        R"("columnNumber":0,"condition":"","flags":[true,false,null,-1.5,"x"],"empty":{},"none":[]}})";
    Json v = parsed(text);
    EXPECT_EQ(v.dump(), text);
    EXPECT_EQ(v.int_or("id", -1), 7);
    EXPECT_EQ(v.string_or("method", ""), "Debugger.setBreakpointByUrl");
    std::optional<Json> params = v.find("params");
    ASSERT_TRUE(params);
    EXPECT_EQ(params->int_or("lineNumber", -1), 12);
    EXPECT_EQ(params->find("flags")->items().size(), 5u);
    EXPECT_EQ(params->find("flags")->items()[3].as_number(), -1.5);
    EXPECT_TRUE(params->find("empty")->is_object());
    EXPECT_TRUE(params->find("none")->is_array());
    EXPECT_EQ(params->members().size(), 7u);
    EXPECT_EQ(params->members()[1].first, "url"); // insertion order kept
}

TEST(Debugger_Json, Parse_WhitespaceAround_Accepted)
{
    Json v = parsed(" \t\r\n[ 1 , { \"a\" : true } ]\n ");
    EXPECT_EQ(v.dump(), R"([1,{"a":true}])");
    EXPECT_EQ(parsed("  \"s\"  ").as_string(), "s");
    EXPECT_TRUE(parsed("null").is_null());
    EXPECT_EQ(parsed("-0.5e1").as_number(), -5.0);
}

TEST(Debugger_Json, Parse_RejectsMalformed)
{
    // What JSON.parse refuses, with its SyntaxError's text.
    for (const char *text : {"[1,2,]", R"({"a":1,})", "[01]", R"(["abc)", R"("abc\)", "[1] // c", "/* c */ 1",
                             "\"a\tb\"", R"("\x")", R"("\u12G4")", R"("\u12")", ".5", "1e", "+1", "[1 2]",
                             R"({"a" 1})", "{a:1}", "tru", "NaN", "", "   ", "[1,2", "1 2", "'a'", "[1,]"}) {
        EXPECT_EQ(rejected(text).rfind("SyntaxError: ", 0), 0u) << text;
    }
    EXPECT_NE(rejected("[1,2").find("expecting ']'"), std::string::npos);
    // QuickJS's own leniency, kept: a leading zero after '-' and a bare '.' read as numbers (nothing a client sends).
    EXPECT_EQ(parsed("-01").as_number(), -1.0);
    EXPECT_EQ(parsed("1.").as_number(), 1.0);
    EXPECT_NE(rejected("1 2").find("at the end"), std::string::npos);
}

TEST(Debugger_Json, Parse_DepthLimit_200)
{
    std::string ok = std::string(200, '[') + std::string(200, ']');
    EXPECT_EQ(parsed(ok).dump(), ok);
    std::string deep = std::string(201, '[') + std::string(201, ']');
    EXPECT_NE(rejected(deep).find("nesting deeper than 200"), std::string::npos);
    std::string objects;
    for (int i = 0; i < 201; i++) {
        objects += "{\"a\":";
    }
    objects += "1" + std::string(201, '}');
    EXPECT_NE(rejected(objects).find("nesting deeper than 200"), std::string::npos);
    // Far beyond the limit: an error, not a stack overflow.
    EXPECT_FALSE(rejected(std::string(1000000, '[')).empty());
}

TEST(Debugger_Json, Parse_Escapes_Decoded)
{
    Json v = parsed(R"("q\" b\\ s\/ \b\f\n\r\t \u0041\u00e9\u20AC \u0000end")");
    EXPECT_EQ(v.as_string(), std::string("q\" b\\ s/ \b\f\n\r\t A\xC3\xA9\xE2\x82\xAC ") + '\0' + "end");
}

TEST(Debugger_Json, Parse_SurrogatePair_BecomesOneCodePoint)
{
    EXPECT_EQ(parsed(R"("\ud83d\ude00")").as_string(), "\xF0\x9F\x98\x80"); // U+1F600
    EXPECT_EQ(parsed(R"("\uD800\uDC00")").as_string(), "\xF0\x90\x80\x80"); // U+10000
    EXPECT_EQ(parsed(R"("\uDBFF\uDFFF")").as_string(), "\xF4\x8F\xBF\xBF"); // U+10FFFF
}

TEST(Debugger_Json, Parse_LoneSurrogates_KeptAsJavaScriptDoes)
{
    // A lone surrogate is a JavaScript string's code unit: written back as its \u escape (JSON.stringify's
    // well-formed output), read as its WTF-8 bytes.
    EXPECT_EQ(parsed(R"("a\ud83db")").dump(), R"("a\ud83db")");
    EXPECT_EQ(parsed(R"("\ude00")").dump(), R"("\ude00")");
    EXPECT_EQ(parsed(R"("\ud83d\ud83d\ude00")").dump(), "\"\\ud83d\xF0\x9F\x98\x80\""); // then a pair
    EXPECT_EQ(parsed(R"("\ud83d")").as_string(), "\xED\xA0\xBD");
}

TEST(Debugger_Json, Parse_InvalidUtf8InMessage_Refused)
{
    EXPECT_NE(rejected("\"a\xFF"
                       "b\"")
                  .find("invalid UTF-8"),
              std::string::npos);
    EXPECT_NE(rejected("\"\xE2\x82\"").find("invalid UTF-8"), std::string::npos); // truncated sequence
    EXPECT_EQ(parsed("\"\xC3\xA9\"").as_string(), "\xC3\xA9");                  // valid passes through
}

TEST(Debugger_Json, Parse_RepeatedName_LastWins)
{
    Json v = parsed(R"({"a":1,"a":2})");
    EXPECT_EQ(v.int_or("a", 0), 2);
    EXPECT_EQ(v.members().size(), 1u);
}

TEST(Debugger_Json, Parse_Numbers)
{
    EXPECT_EQ(parsed("0").as_number(), 0.0);
    EXPECT_TRUE(std::signbit(parsed("-0").as_number()));
    EXPECT_EQ(parsed("1E3").as_number(), 1000.0);
    EXPECT_EQ(parsed("1e+3").as_number(), 1000.0);
    EXPECT_EQ(parsed("25e-1").as_number(), 2.5);
    EXPECT_EQ(parsed("0.1").as_number(), 0.1);
    EXPECT_EQ(parsed("9007199254740993").as_number(), 9007199254740992.0); // nearest double
    EXPECT_EQ(parsed("1e400").as_number(), std::numeric_limits<double>::infinity());
    EXPECT_EQ(parsed("-1e400").as_number(), -std::numeric_limits<double>::infinity());
    EXPECT_EQ(parsed("1e-400").as_number(), 0.0);
}

TEST(Debugger_Json, Dump_Numbers_AsJavaScriptWritesThem)
{
    EXPECT_EQ(num(1), "1");
    EXPECT_EQ(num(-0.0), "0"); // -0 is written as 0 (as JSON.stringify does)
    EXPECT_EQ(num(-42), "-42");
    EXPECT_EQ(num(0.1), "0.1");
    EXPECT_EQ(num(-2.5), "-2.5");
    EXPECT_EQ(num(1.0 / 3), "0.3333333333333333");
    EXPECT_EQ(num(0.1 + 0.2), "0.30000000000000004");
    EXPECT_EQ(num(1e21), "1e+21");
    EXPECT_EQ(num(9007199254740991.0), "9007199254740991");
    EXPECT_EQ(num(1152921504606846976.0), "1152921504606847000"); // 2^60: the shortest digits, then zeros
    EXPECT_EQ(num(1e-7), "1e-7");
    EXPECT_EQ(num(5e-324), "5e-324");
    EXPECT_EQ(num(std::numeric_limits<double>::quiet_NaN()), "null");
    EXPECT_EQ(num(std::numeric_limits<double>::infinity()), "null");
    EXPECT_EQ(num(-std::numeric_limits<double>::infinity()), "null");
    // Every written number reads back as the same double.
    for (double d : {0.1, 1.0 / 3, 0.1 + 0.2, 1e21, 123456.789, 5e-324, 1.7976931348623157e308, -1e-300}) {
        EXPECT_EQ(parsed(num(d)).as_number(), d) << num(d);
    }
}

TEST(Debugger_Json, Dump_StringEscapes)
{
    std::string s = std::string("q\" b\\ /\b\f\n\r\t\x01\x1f\x7f", 15) + std::string(1, '\0');
    EXPECT_EQ(Json::string(s).dump(), R"("q\" b\\ /\b\f\n\r\t\u0001\u001f)"
                                      "\x7f"
                                      R"(\u0000")");
    EXPECT_EQ(parsed(Json::string(s).dump()).as_string(), s);
}

TEST(Debugger_Json, Dump_ValidUtf8_PassesThrough)
{
    std::string s = "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF"; // A, é, €, U+1F600, U+10FFFF
    EXPECT_EQ(Json::string(s).dump(), "\"" + s + "\"");
}

TEST(Debugger_Json, Dump_InvalidUtf8_BecomesReplacement)
{
    const std::string r = "\xEF\xBF\xBD";
    auto dumped = [](const std::string &s) { return Json::string(s).dump(); };
    EXPECT_EQ(dumped("a\xFF"
                     "b"),
              "\"a" + r + "b\"");                   // never a lead byte
    EXPECT_EQ(dumped("\x80"), "\"" + r + "\"");     // stray continuation
    EXPECT_EQ(dumped("\xC0\xAF"), "\"" + r + "\""); // overlong '/'
    EXPECT_EQ(dumped("\xE2\x82"), "\"" + r + "\""); // truncated at the end
    EXPECT_EQ(dumped("\xE2\x82"
                     "A"),
              "\"" + r + "A\"");                          // truncated before ASCII
    EXPECT_EQ(dumped("\xF4\x90\x80\x80"), "\"" + r + "\""); // above U+10FFFF
    EXPECT_EQ(dumped("\xED\xA0\x80"), R"("\ud800")");       // WTF-8 of a surrogate: the surrogate, escaped
    // What dump writes is always valid: it parses, and writing it again changes nothing.
    std::string garbage;
    for (int i = 0; i < 256; i++) {
        garbage += char(i);
        garbage += char(255 - i);
    }
    std::string once = dumped(garbage);
    EXPECT_EQ(dumped(parsed(once).as_string()), once);
}

TEST(Debugger_Json, Build_SetReplacesAndPushAppends)
{
    Json o = Json::object();
    o.set("b", Json::number(1)).set("a", Json::string("x")).set("b", Json::boolean(true));
    EXPECT_EQ(o.dump(), R"({"b":true,"a":"x"})");
    Json a = Json::array();
    a.push(Json()).push(Json::number(2)).push(std::move(o));
    EXPECT_EQ(a.dump(), R"([null,2,{"b":true,"a":"x"}])");
    std::string out = "prefix:";
    a.dump_to(out);
    EXPECT_EQ(out, R"(prefix:[null,2,{"b":true,"a":"x"}])");
    Json key_escape = Json::object().set("a\"b\n", Json::array());
    EXPECT_EQ(key_escape.dump(), R"({"a\"b\n":[]})");
}

TEST(Debugger_Json, Accessors_FallBackOnOtherKinds)
{
    Json v = parsed(R"({"n":-3.9,"big":1e300,"s":"str","b":true,"nul":null,"arr":[1]})");
    EXPECT_EQ(v.int_or("n", 0), -3); // toward zero
    EXPECT_EQ(v.int_or("big", 11), 11);
    EXPECT_EQ(v.int_or("s", 12), 12);
    EXPECT_EQ(v.int_or("missing", 13), 13);
    EXPECT_EQ(v.string_or("n", "fb"), "fb");
    EXPECT_EQ(v.string_or("s", "fb"), "str");
    EXPECT_TRUE(v.bool_or("b", false));
    EXPECT_TRUE(v.bool_or("nul", true));
    EXPECT_FALSE(v.find("missing"));
    EXPECT_FALSE(v.find("arr")->find("0")); // find on an array
    EXPECT_TRUE(v.find("arr")->members().empty());
    EXPECT_TRUE(v.items().empty());
    EXPECT_EQ(v.as_string(), "");
    EXPECT_EQ(v.as_number(4.5), 4.5);
    EXPECT_FALSE(Json::string("true").as_bool());
    EXPECT_EQ(Json::number(std::numeric_limits<double>::quiet_NaN()).as_int(-1), -1);
    EXPECT_EQ(Json::number(-9223372036854775808.0).as_int(0), 0); // -2^63 is outside the accepted range
    EXPECT_EQ(Json::number(4611686018427387904.0).as_int(0), 4611686018427387904LL);
    EXPECT_EQ(Json::number(7).kind(), Json::Kind::Number);
    EXPECT_EQ(Json().kind(), Json::Kind::Null);
}

// The protocol's values live in the inspector's own runtime: building and reading messages (here a profile-sized one)
// allocates nothing in a debuggee's runtime, and the JSON runtime is a small one (about 43 KB at its start here).
TEST(Debugger_Json, Runtime_OwnHeap)
{
    JSRuntime *debuggee = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(debuggee);
    JSMemoryUsage before{}, after{};
    JS_ComputeMemoryUsage(debuggee, &before);
    Json nodes = Json::array();
    for (int i = 0; i < 2000; i++) {
        nodes.push(Json::object().set("id", Json::number(i)).set("functionName", Json::string("fn" + std::to_string(i))));
    }
    const std::string text = Json::object().set("nodes", nodes).dump();
    Json back;
    std::string error;
    ASSERT_TRUE(Json::parse(text, back, error)) << error;
    EXPECT_EQ(back.find("nodes")->items().size(), 2000u);
    JS_ComputeMemoryUsage(debuggee, &after);
    EXPECT_EQ(after.malloc_size, before.malloc_size);
    EXPECT_EQ(after.obj_count, before.obj_count);
    EXPECT_NE(zts::dbg::json_runtime(), debuggee);
    JSMemoryUsage own{};
    JS_ComputeMemoryUsage(zts::dbg::json_runtime(), &own);
    EXPECT_GT(own.obj_count, 2000); // the values are there
    JS_FreeContext(ctx);
    JS_FreeRuntime(debuggee);
}
