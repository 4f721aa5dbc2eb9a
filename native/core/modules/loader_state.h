// What the module loader (loader.h) keeps between its hooks: the importer the normalize hook saw for the name it
// produced (QuickJS's loader hook gets the name only), and the last host-loader failure, which classifies the
// exception that reaches the host (capture_exception, errors/report.h). Strings only: freed with the domain.
#pragma once

#include <string>

namespace zts
{

/// The last host-loader failure, to classify the exception that reaches the host.
struct LoadFailure {
    void *error_object = nullptr; ///< identity of the Error thrown for it (not owned)
    std::string specifier;        ///< canonical specifier that failed
    std::string importer;         ///< canonical importer ("" for the host)
};

/// The module loader's state of one domain.
struct LoaderState {
    /// The last host-loader failure; read by every zts_function_call (a failure JS caught is forgotten there).
    LoadFailure failure;
    std::string pending_importer_name; ///< canonical name produced by the last normalize
    std::string pending_importer;      ///< importer of pending_importer_name
};

} // namespace zts
