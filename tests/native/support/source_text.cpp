// Source files read as text (source_text.h).
#include "support/source_text.h"

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

std::string read_text(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string code_only(const std::string &s)
{
    std::string out = s;
    size_t i = 0;
    while (i < s.size()) {
        if (s.compare(i, 2, "//") == 0) {
            for (; i < s.size() && s[i] != '\n'; i++) {
                out[i] = ' ';
            }
        } else if (s.compare(i, 2, "/*") == 0) {
            size_t end = s.find("*/", i + 2);
            end = end == std::string::npos ? s.size() : end + 2;
            for (; i < end; i++) {
                out[i] = s[i] == '\n' ? '\n' : ' ';
            }
        } else if (s[i] == '"' || s[i] == '\'') {
            char quote = s[i];
            bool raw = quote == '"' && i > 0 && s[i - 1] == 'R';
            size_t j = i + 1;
            if (raw) {
                size_t open = s.find('(', j);
                std::string close = ")" + s.substr(j, open - j) + "\"";
                j = s.find(close, open) + close.size() - 1;
            } else {
                while (j < s.size() && s[j] != quote) {
                    j += s[j] == '\\' ? 2 : 1;
                }
            }
            bool keep = s.compare(i, 3, "\"C\"") == 0;
            for (size_t k = i + 1; k < j && !keep; k++) {
                out[k] = s[k] == '\n' ? '\n' : ' ';
            }
            i = j + 1;
        } else {
            i++;
        }
    }
    return out;
}
