// The ES module system of a domain: QuickJS normalize/loader hooks in the
// resolution order csharp: -> native C modules -> host loader (SPEC_MAP D3).
#pragma once

#include "runtime/domain.h"

#include <string>

/// One pending host module load; answered through zts_load_request_set_source/_fail
/// (and optionally zts_load_request_set_source_map).
struct zts_load_request {
    bool answered = false;  ///< set by either answer
    bool failed = false;    ///< true when the host failed the load
    std::string source;     ///< UTF-8 module source when !failed
    std::string failure;    ///< UTF-8 reason when failed
    std::string source_map; ///< Source Map v3 JSON given by the host, or "" (then an inline map is looked for)
    std::string path;       ///< the file the source came from, or "" (the debugger's script URL)
};

namespace zts
{

/// Installs the normalize/loader hooks on d's runtime.
void install_module_loader(zts_domain *d);

/// Imports module (canonicalized from the host) and returns an owned ref to its named export.
int32_t module_get_function(zts_domain *d, const std::string &module, const std::string &export_name, int32_t *out_ref);

} // namespace zts
