#include "inspector/url_regex.h"

#include <algorithm>
#include <cstring>

namespace zts::dbg
{
namespace
{

using Set = std::array<uint64_t, 4>;

void set_add(Set &s, unsigned c)
{
    s[c >> 6] |= uint64_t{1} << (c & 63);
}

bool set_has(const Set &s, unsigned c)
{
    return (s[c >> 6] >> (c & 63)) & 1;
}

void set_range(Set &s, unsigned lo, unsigned hi)
{
    for (unsigned c = lo; c <= hi; c++) {
        set_add(s, c);
    }
}

void set_invert(Set &s)
{
    for (auto &w : s) {
        w = ~w;
    }
}

void set_union(Set &s, const Set &o)
{
    for (size_t i = 0; i < 4; i++) {
        s[i] |= o[i];
    }
}

// JS's \s over the bytes a URL can hold: ASCII white space (the non-ASCII spaces are multi-byte in UTF-8).
Set class_of_escape(char e)
{
    Set s{};
    switch (e) {
    case 'd':
    case 'D':
        set_range(s, '0', '9');
        break;
    case 'w':
    case 'W':
        set_range(s, '0', '9');
        set_range(s, 'a', 'z');
        set_range(s, 'A', 'Z');
        set_add(s, '_');
        break;
    case 's':
    case 'S':
        for (unsigned c : {' ', '\t', '\n', '\v', '\f', '\r'}) {
            set_add(s, c);
        }
        break;
    default:
        break;
    }
    if (e == 'D' || e == 'W' || e == 'S') {
        set_invert(s);
    }
    return s;
}

int hex_value(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

struct Node {
    enum Kind { k_empty, k_byte, k_cls, k_any, k_bol, k_eol, k_cat, k_alt, k_repeat } kind;
    explicit Node(Kind k) : kind(k) {}
    uint8_t byte = 0;
    int cls = 0;
    int min = 0, max = 0; ///< repeat: max -1 is unbounded
    std::vector<int> kids;
};

constexpr int k_max_count = 100; // {n,m}: each copy is compiled out

class Parser
{
  public:
    Parser(std::string_view p, std::vector<Set> &classes) : p_(p), classes_(classes) {}

    std::vector<Node> nodes;
    std::string error;

    // The whole pattern; -1 on error.
    int parse()
    {
        int root = alternation(0);
        if (root >= 0 && pos_ < p_.size()) {
            return fail("zts: urlRegex: unmatched ')'");
        }
        return root;
    }

  private:
    std::string_view p_;
    size_t pos_ = 0;
    std::vector<Set> &classes_;

    int fail(const std::string &text)
    {
        if (error.empty()) {
            error = text + " (at offset " + std::to_string(pos_) + ")";
        }
        return -1;
    }

    int add(Node n)
    {
        nodes.push_back(std::move(n));
        return static_cast<int>(nodes.size()) - 1;
    }

    int add_class(const Set &s)
    {
        classes_.push_back(s);
        Node n(Node::k_cls);
        n.cls = static_cast<int>(classes_.size()) - 1;
        return add(std::move(n));
    }

    bool at_end() const { return pos_ >= p_.size(); }

    int alternation(int depth)
    {
        if (depth > UrlRegex::k_max_nesting) {
            return fail("zts: urlRegex: groups nested deeper than " + std::to_string(UrlRegex::k_max_nesting));
        }
        Node alt(Node::k_alt);
        for (;;) {
            int c = concatenation(depth);
            if (c < 0) {
                return -1;
            }
            alt.kids.push_back(c);
            if (at_end() || p_[pos_] != '|') {
                break;
            }
            pos_++;
        }
        return alt.kids.size() == 1 ? alt.kids[0] : add(std::move(alt));
    }

    int concatenation(int depth)
    {
        Node cat(Node::k_cat);
        while (!at_end() && p_[pos_] != '|' && p_[pos_] != ')') {
            int a = atom(depth);
            if (a < 0) {
                return -1;
            }
            int q = quantifier(a); // one at most: a second one is "nothing to repeat" (atom()), as in JS
            if (q == -1) {
                return -1;
            }
            cat.kids.push_back(q == -2 ? a : q);
        }
        if (cat.kids.empty()) {
            return add(Node(Node::k_empty));
        }
        return cat.kids.size() == 1 ? cat.kids[0] : add(std::move(cat));
    }

    // Reads "{n}", "{n,}" or "{n,m}" at pos_ into min/max; false (pos_ unchanged) when it is not one: JS then takes
    // the brace as a literal (Annex B).
    bool braces(int &min, int &max)
    {
        size_t i = pos_ + 1;
        auto number = [&](int &out) {
            size_t start = i;
            long v = 0;
            while (i < p_.size() && p_[i] >= '0' && p_[i] <= '9') {
                v = std::min<long>(v * 10 + (p_[i] - '0'), 1000000);
                i++;
            }
            out = static_cast<int>(v);
            return i > start;
        };
        if (!number(min)) {
            return false;
        }
        max = min;
        if (i < p_.size() && p_[i] == ',') {
            i++;
            max = -1;
            if (i < p_.size() && p_[i] != '}' && !number(max)) {
                return false;
            }
        }
        if (i >= p_.size() || p_[i] != '}') {
            return false;
        }
        pos_ = i + 1;
        return true;
    }

    // The quantified node, -2 when no quantifier follows, -1 on error.
    int quantifier(int a)
    {
        if (at_end()) {
            return -2;
        }
        int min = 0, max = 0;
        char c = p_[pos_];
        if (c == '*') {
            min = 0, max = -1, pos_++;
        } else if (c == '+') {
            min = 1, max = -1, pos_++;
        } else if (c == '?') {
            min = 0, max = 1, pos_++;
        } else if (c == '{') {
            if (!braces(min, max)) {
                return -2;
            }
            if (min > k_max_count || max > k_max_count || (max >= 0 && max < min)) {
                return fail("zts: urlRegex: a count over " + std::to_string(k_max_count) + " or out of order");
            }
        } else {
            return -2;
        }
        if (!at_end() && p_[pos_] == '?') {
            pos_++; // lazy: the same yes/no answer
        }
        Node::Kind k = nodes[static_cast<size_t>(a)].kind;
        if (k == Node::k_bol || k == Node::k_eol) {
            return fail("zts: urlRegex: nothing to repeat");
        }
        Node r(Node::k_repeat);
        r.min = min;
        r.max = max;
        r.kids.push_back(a);
        return add(std::move(r));
    }

    // An escape after the backslash at pos_ - 1, outside a class: a byte node or a class node.
    int escape()
    {
        if (at_end()) {
            return fail("zts: urlRegex: \\ at the end of the pattern");
        }
        char e = p_[pos_++];
        if (std::strchr("dDwWsS", e) != nullptr) {
            return add_class(class_of_escape(e));
        }
        int byte = escape_byte(e);
        if (byte == -2) {
            // \uHHHH above ASCII: its UTF-8 bytes in a row
            return utf8_sequence();
        }
        if (byte < 0) {
            return -1;
        }
        Node n(Node::k_byte);
        n.byte = static_cast<uint8_t>(byte);
        return add(std::move(n));
    }

    uint32_t code_point_ = 0;

    int utf8_sequence()
    {
        uint32_t cp = code_point_;
        std::string bytes;
        if (cp < 0x800) {
            bytes += char(0xC0 | (cp >> 6));
            bytes += char(0x80 | (cp & 0x3F));
        } else {
            bytes += char(0xE0 | (cp >> 12));
            bytes += char(0x80 | ((cp >> 6) & 0x3F));
            bytes += char(0x80 | (cp & 0x3F));
        }
        Node cat(Node::k_cat);
        for (char b : bytes) {
            Node n(Node::k_byte);
            n.byte = static_cast<uint8_t>(b);
            cat.kids.push_back(add(std::move(n)));
        }
        return add(std::move(cat));
    }

    // The byte of a single-character escape (e read), -1 on error, -2 for a \u above ASCII (code_point_).
    int escape_byte(char e)
    {
        switch (e) {
        case 'n':
            return '\n';
        case 'r':
            return '\r';
        case 't':
            return '\t';
        case 'f':
            return '\f';
        case 'v':
            return '\v';
        case '0':
            if (!at_end() && p_[pos_] >= '0' && p_[pos_] <= '9') {
                return fail("zts: urlRegex: octal escapes are not supported");
            }
            return 0;
        case 'x':
        case 'u': {
            const size_t digits = e == 'x' ? 2 : 4;
            if (p_.size() - pos_ < digits) {
                return fail(std::string("zts: urlRegex: \\") + e + " needs " + std::to_string(digits) + " hex digits");
            }
            uint32_t v = 0;
            for (size_t i = 0; i < digits; i++) {
                int h = hex_value(p_[pos_ + i]);
                if (h < 0) {
                    return fail(std::string("zts: urlRegex: \\") + e + " needs " + std::to_string(digits) + " hex digits");
                }
                v = v * 16 + static_cast<uint32_t>(h);
            }
            pos_ += digits;
            if (v < 0x80 || (e == 'x' && v < 0x100)) {
                if (v >= 0x80) {
                    code_point_ = v; // \x80-\xFF is U+0080-U+00FF: two UTF-8 bytes
                    return -2;
                }
                return static_cast<int>(v);
            }
            if (v >= 0xD800 && v <= 0xDFFF) {
                return fail("zts: urlRegex: surrogate escapes are not supported");
            }
            code_point_ = v;
            return -2;
        }
        default:
            break;
        }
        if ((e >= '1' && e <= '9') || e == 'b' || e == 'B' || e == 'k' || e == 'c' || e == 'p' || e == 'P') {
            return fail(std::string("zts: urlRegex: \\") + e + " is not supported");
        }
        if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || static_cast<unsigned char>(e) >= 0x80) {
            return static_cast<unsigned char>(e); // an identity escape (JS without the u flag: the letter itself)
        }
        return static_cast<unsigned char>(e); // \. \/ \\ \- and other punctuation
    }

    int char_class()
    {
        Set s{};
        bool negate = false;
        if (!at_end() && p_[pos_] == '^') {
            negate = true;
            pos_++;
        }
        for (;;) {
            if (at_end()) {
                return fail("zts: urlRegex: unterminated character class");
            }
            if (p_[pos_] == ']') { // also first: [] matches nothing and [^] anything, as in JS
                pos_++;
                break;
            }
            int lo = class_atom(s);
            if (lo == -1) {
                return -1;
            }
            if (lo >= 0 && pos_ + 1 < p_.size() && p_[pos_] == '-' && p_[pos_ + 1] != ']') {
                pos_++;
                Set ignored{};
                int hi = class_atom(ignored);
                if (hi == -1) {
                    return -1;
                }
                if (hi == -3) {
                    // [a-\d]: JS (Annex B) takes the '-' literally
                    set_add(s, static_cast<unsigned>(lo));
                    set_add(s, '-');
                    set_union(s, ignored);
                    continue;
                }
                if (hi < lo) {
                    return fail("zts: urlRegex: range out of order in character class");
                }
                set_range(s, static_cast<unsigned>(lo), static_cast<unsigned>(hi));
            } else if (lo >= 0) {
                set_add(s, static_cast<unsigned>(lo));
            }
        }
        if (negate) {
            set_invert(s);
        }
        return add_class(s);
    }

    // One member of a class: its byte (>= 0), -3 after adding a class escape (\d...) to s, -1 on error.
    int class_atom(Set &s)
    {
        unsigned char c = static_cast<unsigned char>(p_[pos_++]);
        if (c >= 0x80) {
            return fail("zts: urlRegex: non-ASCII characters in a character class are not supported");
        }
        if (c != '\\') {
            return c;
        }
        if (at_end()) {
            return fail("zts: urlRegex: \\ at the end of the pattern");
        }
        char e = p_[pos_++];
        if (std::strchr("dDwWsS", e) != nullptr) {
            set_union(s, class_of_escape(e));
            return -3;
        }
        if (e == 'b') {
            return '\b';
        }
        if (e == '-') {
            return '-';
        }
        int byte = escape_byte(e);
        if (byte == -2) {
            return fail("zts: urlRegex: non-ASCII characters in a character class are not supported");
        }
        return byte;
    }

    int atom(int depth)
    {
        char c = p_[pos_++];
        switch (c) {
        case '(': {
            if (!at_end() && p_[pos_] == '?') {
                if (pos_ + 1 < p_.size() && p_[pos_ + 1] == ':') {
                    pos_ += 2;
                } else {
                    return fail("zts: urlRegex: lookarounds and named groups are not supported");
                }
            }
            int inner = alternation(depth + 1);
            if (inner < 0) {
                return -1;
            }
            if (at_end() || p_[pos_] != ')') {
                return fail("zts: urlRegex: unterminated group");
            }
            pos_++;
            return inner;
        }
        case '[':
            return char_class();
        case '.': {
            return add(Node(Node::k_any));
        }
        case '^':
            return add(Node(Node::k_bol));
        case '$':
            return add(Node(Node::k_eol));
        case '\\':
            return escape();
        case '*':
        case '+':
        case '?':
            pos_--;
            return fail("zts: urlRegex: nothing to repeat");
        default: {
            Node n(Node::k_byte);
            n.byte = static_cast<uint8_t>(c);
            return add(std::move(n));
        }
        }
    }
};

// Emits the code of a node; false when the program would pass k_max_program. Recursion follows the nesting of the
// pattern's groups, which the parser bounded (k_max_nesting; a group level is at most an alternation, a
// concatenation and a repeat).
class Emitter
{
  public:
    Emitter(const std::vector<Node> &nodes, std::vector<UrlRegex::Inst> &out) : nodes_(nodes), out_(out) {}

    bool emit(int id)
    {
        const Node &n = nodes_[static_cast<size_t>(id)];
        using Op = UrlRegex::Op;
        switch (n.kind) {
        case Node::k_empty:
            return true;
        case Node::k_byte:
            return put({Op::byte, n.byte});
        case Node::k_cls:
            return put({Op::cls, 0, n.cls});
        case Node::k_any:
            return put({Op::any});
        case Node::k_bol:
            return put({Op::bol});
        case Node::k_eol:
            return put({Op::eol});
        case Node::k_cat:
            for (int k : n.kids) {
                if (!emit(k)) {
                    return false;
                }
            }
            return true;
        case Node::k_alt: {
            // split L1, next; L1: e1; jmp end; next: split L2, next2; ... last: ek; end:
            std::vector<size_t> jumps;
            for (size_t i = 0; i < n.kids.size(); i++) {
                size_t split = out_.size();
                if (i + 1 < n.kids.size() && !put({Op::split})) {
                    return false;
                }
                if (i + 1 < n.kids.size()) {
                    out_[split].x = here();
                }
                if (!emit(n.kids[i])) {
                    return false;
                }
                if (i + 1 < n.kids.size()) {
                    jumps.push_back(out_.size());
                    if (!put({Op::jmp})) {
                        return false;
                    }
                    out_[split].y = here();
                }
            }
            for (size_t j : jumps) {
                out_[j].x = here();
            }
            return true;
        }
        case Node::k_repeat: {
            for (int i = 0; i < n.min; i++) {
                if (!emit(n.kids[0])) {
                    return false;
                }
            }
            if (n.max < 0) {
                // L: split body, out; body; jmp L; out:
                size_t loop = out_.size();
                if (!put({Op::split})) {
                    return false;
                }
                out_[loop].x = here();
                if (!emit(n.kids[0]) || !put({Op::jmp, 0, static_cast<int32_t>(loop)})) {
                    return false;
                }
                out_[loop].y = here();
                return true;
            }
            // each optional copy: split body, out; body
            std::vector<size_t> splits;
            for (int i = n.min; i < n.max; i++) {
                splits.push_back(out_.size());
                if (!put({Op::split})) {
                    return false;
                }
                out_[splits.back()].x = here();
                if (!emit(n.kids[0])) {
                    return false;
                }
            }
            for (size_t s : splits) {
                out_[s].y = here();
            }
            return true;
        }
        }
        return false;
    }

  private:
    const std::vector<Node> &nodes_;
    std::vector<UrlRegex::Inst> &out_;

    int32_t here() const { return static_cast<int32_t>(out_.size()); }

    bool put(UrlRegex::Inst i)
    {
        if (out_.size() >= UrlRegex::k_max_program) {
            return false;
        }
        out_.push_back(i);
        return true;
    }
};

} // namespace

bool UrlRegex::compile(std::string_view pattern, std::string &error)
{
    program_.clear();
    classes_.clear();
    if (pattern.size() > k_max_pattern) {
        error = "zts: urlRegex: the pattern is longer than " + std::to_string(k_max_pattern) + " bytes";
        return false;
    }
    std::vector<Set> classes;
    Parser parser(pattern, classes);
    int root = parser.parse();
    if (root < 0) {
        error = parser.error;
        return false;
    }
    std::vector<Inst> program;
    Emitter emitter(parser.nodes, program);
    if (!emitter.emit(root) || program.size() >= k_max_program) {
        error = "zts: urlRegex: the pattern compiles to more than " + std::to_string(k_max_program) + " steps";
        return false;
    }
    program.push_back(Inst{Op::match});
    program_ = std::move(program);
    classes_ = std::move(classes);
    return true;
}

bool UrlRegex::search(std::string_view text) const
{
    if (program_.empty()) {
        return false;
    }
    // The Pike VM: clist holds the threads at position pos (each pc once: mark[pc] == pos + 1), nlist those at pos + 1.
    // Epsilon moves (split, jmp, anchors) are followed when a thread is added, with an explicit stack.
    const size_t n = program_.size();
    std::vector<int32_t> clist, nlist, stack;
    clist.reserve(n);
    nlist.reserve(n);
    std::vector<uint64_t> mark(n, 0);
    auto add = [&](std::vector<int32_t> &list, int32_t start, size_t pos) {
        const uint64_t gen = static_cast<uint64_t>(pos) + 1;
        stack.push_back(start);
        while (!stack.empty()) {
            int32_t pc = stack.back();
            stack.pop_back();
            if (mark[static_cast<size_t>(pc)] == gen) {
                continue;
            }
            mark[static_cast<size_t>(pc)] = gen;
            const Inst &i = program_[static_cast<size_t>(pc)];
            switch (i.op) {
            case Op::jmp:
                stack.push_back(i.x);
                break;
            case Op::split:
                stack.push_back(i.y);
                stack.push_back(i.x);
                break;
            case Op::bol:
                if (pos == 0) {
                    stack.push_back(pc + 1);
                }
                break;
            case Op::eol:
                if (pos == text.size()) {
                    stack.push_back(pc + 1);
                }
                break;
            default:
                list.push_back(pc);
                break;
            }
        }
    };
    for (size_t pos = 0;; pos++) {
        add(clist, 0, pos); // unanchored: a match may start at any position
        if (pos == text.size()) {
            for (int32_t pc : clist) {
                if (program_[static_cast<size_t>(pc)].op == Op::match) {
                    return true;
                }
            }
            return false;
        }
        const auto c = static_cast<unsigned char>(text[pos]);
        for (int32_t pc : clist) {
            const Inst &i = program_[static_cast<size_t>(pc)];
            bool step = false;
            switch (i.op) {
            case Op::match:
                return true;
            case Op::byte:
                step = c == i.byte;
                break;
            case Op::cls:
                step = set_has(classes_[static_cast<size_t>(i.x)], c);
                break;
            case Op::any:
                step = c != '\n' && c != '\r';
                break;
            default:
                break;
            }
            if (step) {
                add(nlist, pc + 1, pos + 1);
            }
        }
        clist.swap(nlist);
        nlist.clear();
    }
}

} // namespace zts::dbg
