// C ABI: zts_file_probe, the file-type and realpath check of the managed loaders (managed/ZTS.Common/TsFiles.cs).
#include "abi/guard.h"

#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

extern "C" {

int32_t zts_file_probe(const char *path, char *real, int32_t real_cap, int64_t *size)
try {
    if (path == nullptr || real == nullptr || real_cap <= 0 || size == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    namespace fs = std::filesystem;
    real[0] = '\0';
    *size = 0;
    std::error_code ec;
    const fs::path p = fs::u8path(path);
    // status() follows symlinks (stat, not lstat): a link to /dev/zero is a character device here.
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
        return ZTS_FILE_NONE;
    }
    const fs::path canonical = fs::canonical(p, ec);
    if (!ec) {
        const std::string utf8 = canonical.u8string();
        if (utf8.size() < static_cast<size_t>(real_cap)) {
            std::memcpy(real, utf8.c_str(), utf8.size() + 1);
        }
    }
    if (fs::is_regular_file(st)) {
        const std::uintmax_t n = fs::file_size(p, ec);
        *size = ec ? 0 : static_cast<int64_t>(n);
        return ZTS_FILE_REGULAR;
    }
    return fs::is_directory(st) ? ZTS_FILE_DIRECTORY : ZTS_FILE_OTHER;
}
ZTS_ABI_CATCH

} // extern "C"
