// The debugger's JSON: strict parsing (RFC 8259), \u escapes and surrogates, invalid UTF-8 replaced by U+FFFD on
// both sides, the number text of dump(), the accessors' fallbacks.
#include "inspector/json.h"

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
    const Json *params = v.find("params");
    ASSERT_NE(params, nullptr);
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
    EXPECT_NE(rejected("[1,2,]").find("trailing comma"), std::string::npos);
    EXPECT_NE(rejected(R"({"a":1,})").find("trailing comma"), std::string::npos);
    EXPECT_NE(rejected("[01]").find("leading zero"), std::string::npos);
    EXPECT_NE(rejected("-01").find("leading zero"), std::string::npos);
    EXPECT_NE(rejected(R"(["abc)").find("unterminated string"), std::string::npos);
    EXPECT_NE(rejected(R"("abc\)").find("unterminated string"), std::string::npos);
    EXPECT_NE(rejected("[1] // c").find("after the value"), std::string::npos);
    EXPECT_NE(rejected("/* c */ 1").find("offset 0"), std::string::npos);
    EXPECT_NE(rejected("\"a\tb\"").find("control character"), std::string::npos);
    EXPECT_NE(rejected(R"("\x")").find("invalid escape"), std::string::npos);
    EXPECT_NE(rejected(R"("\u12G4")").find("invalid \\u escape"), std::string::npos);
    EXPECT_NE(rejected(R"("\u12")").find("\\u escape"), std::string::npos);
    EXPECT_NE(rejected("1.").find("after '.'"), std::string::npos);
    EXPECT_NE(rejected(".5").find("unexpected character"), std::string::npos);
    EXPECT_NE(rejected("1e").find("exponent"), std::string::npos);
    EXPECT_NE(rejected("+1").find("unexpected character"), std::string::npos);
    EXPECT_NE(rejected("[1 2]").find("expected ',' or ']'"), std::string::npos);
    EXPECT_NE(rejected(R"({"a" 1})").find("expected ':'"), std::string::npos);
    EXPECT_NE(rejected("{a:1}").find("member name"), std::string::npos);
    EXPECT_NE(rejected("tru").find("invalid literal"), std::string::npos);
    EXPECT_NE(rejected("NaN").find("unexpected character"), std::string::npos);
    EXPECT_NE(rejected("").find("end of text"), std::string::npos);
    EXPECT_NE(rejected("   ").find("end of text"), std::string::npos);
    EXPECT_NE(rejected("[1,2").find("offset 4"), std::string::npos);
    EXPECT_NE(rejected("1 2").find("after the value"), std::string::npos);
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

TEST(Debugger_Json, Parse_LoneSurrogates_BecomeReplacement)
{
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(parsed(R"("a\ud83db")").as_string(), "a" + fffd + "b");
    EXPECT_EQ(parsed(R"("\ude00")").as_string(), fffd);
    EXPECT_EQ(parsed(R"("\ud83d")").as_string(), fffd);
    EXPECT_EQ(parsed(R"("\ud83d\u0041")").as_string(), fffd + "A");
    // A high surrogate after a high surrogate may still start a pair.
    EXPECT_EQ(parsed(R"("\ud83d\ud83d\ude00")").as_string(), fffd + "\xF0\x9F\x98\x80");
    EXPECT_EQ(parsed(R"("\ud83d\n")").as_string(), fffd + "\n");
}

TEST(Debugger_Json, Parse_InvalidUtf8InString_BecomesReplacement)
{
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(parsed("\"a\xFF"
                     "b\"")
                  .as_string(),
              "a" + fffd + "b");
    EXPECT_EQ(parsed("\"\xC3\xA9\"").as_string(), "\xC3\xA9"); // valid passes through
    EXPECT_EQ(parsed("\"\xE2\x82\"").as_string(), fffd);       // truncated sequence: one U+FFFD
}

TEST(Debugger_Json, Parse_RepeatedName_LastWins)
{
    Json v = parsed(R"({"a":1,"a":2})");
    EXPECT_EQ(v.int_or("a", 0), 2);
    EXPECT_EQ(v.members().size(), 2u);
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

TEST(Debugger_Json, Dump_Numbers_ShortestExactText)
{
    EXPECT_EQ(num(1), "1");
    EXPECT_EQ(num(-0.0), "0"); // -0 is written as 0 (as JSON.stringify does)
    EXPECT_EQ(num(-42), "-42");
    EXPECT_EQ(num(0.1), "0.1");
    EXPECT_EQ(num(-2.5), "-2.5");
    EXPECT_EQ(num(1.0 / 3), "0.3333333333333333");    // needs 16 digits
    EXPECT_EQ(num(0.1 + 0.2), "0.30000000000000004"); // needs 17
    EXPECT_EQ(num(1e21), "1e+21");
    EXPECT_EQ(num(9007199254740991.0), "9007199254740991");         // 2^53 - 1: still an integer
    EXPECT_EQ(num(9007199254740992.0), "9007199254740992");         // 2^53: %.16g, which reads back exactly
    EXPECT_EQ(num(1152921504606846976.0), "1.152921504606847e+18"); // 2^60: digits, not the exact integer
    EXPECT_EQ(num(-9007199254740991.0), "-9007199254740991");
    EXPECT_EQ(num(1e-7), "1e-07");
    EXPECT_EQ(num(5e-324), "4.94065645841247e-324"); // subnormal: 15 digits already read back
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
              "\"a" + r + "b\"");                       // never a lead byte
    EXPECT_EQ(dumped("\x80"), "\"" + r + "\"");         // stray continuation
    EXPECT_EQ(dumped("\xC0\xAF"), "\"" + r + r + "\""); // overlong '/': two bad bytes
    EXPECT_EQ(dumped("\xE2\x82"), "\"" + r + "\"");     // truncated at the end: one
    EXPECT_EQ(dumped("\xE2\x82"
                     "A"),
              "\"" + r + "A\"");                                        // truncated before ASCII
    EXPECT_EQ(dumped("\xED\xA0\x80"), "\"" + r + r + r + "\"");         // UTF-8 of a surrogate (CESU)
    EXPECT_EQ(dumped("\xF4\x90\x80\x80"), "\"" + r + r + r + r + "\""); // above U+10FFFF
    EXPECT_EQ(dumped("\xF0\x9F\x98"), "\"" + r + "\"");
    EXPECT_EQ(dumped("\xC3\xA9\xFE\xC3\xA9"), "\"\xC3\xA9" + r + "\xC3\xA9\"");
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
    EXPECT_EQ(v.find("missing"), nullptr);
    EXPECT_EQ(v.find("arr")->find("0"), nullptr); // find on an array
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
