// One pending question to the host about CLR names (type_resolve, namespace_list, type_bind).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

/// The answer the host builds through zts_type_request_* while its callback runs.
struct zts_type_request {
    enum Kind { None, Namespace, Type, Failed };
    Kind kind = None;               ///< what the host answered
    int32_t type_id = 0;            ///< for Type
    std::vector<std::string> names; ///< for namespace_list
    std::string failure;            ///< for Failed
};
