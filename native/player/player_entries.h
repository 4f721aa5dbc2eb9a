// The Player runtime's one native -> managed table (besides zts_host_callbacks), written once: the C++ bridges call the
// managed rules through these typed entries (player_bridge.h read_managed, write_managed), and ZTS.Il2Cpp.PlayerEntries
// implements them, one public static method per name. X(index, name): index is the C++ EntryIndex, name the managed
// method; tools/abi/gen_abi.js writes the managed list (PlayerEntries.Names, PlayerEntries.Version) from this one, so
// the order, the count and the version cannot differ (TsIl2CppAppDomain.InitializeInternal hands the methods over in
// this order). Plain C preprocessor: the list is read by tools/abi/zts_abi_lists.c too.
#ifndef ZTS_PLAYER_ENTRIES_H
#define ZTS_PLAYER_ENTRIES_H

/* Version of the entry table: changes with any entry's name, order or signature (InitializeInternal checks it). */
#define ZTS_PLAYER_ENTRY_VERSION 6

#define ZTS_PLAYER_ENTRIES(X) \
    X(k_read_z, ReadZ) X(k_read_c, ReadC) X(k_read_i1, ReadI1) X(k_read_u1, ReadU1) X(k_read_i2, ReadI2) \
    X(k_read_u2, ReadU2) X(k_read_i4, ReadI4) X(k_read_u4, ReadU4) X(k_read_i8, ReadI8) X(k_read_u8, ReadU8) \
    X(k_read_ip, ReadIp) X(k_read_up, ReadUp) X(k_read_r4, ReadR4) X(k_read_r8, ReadR8) X(k_read_s, ReadS) \
    X(k_read_o, ReadO) X(k_this, This) \
    X(k_write_u4, WriteU4) X(k_write_i8, WriteI8) X(k_write_u8, WriteU8) X(k_write_ip, WriteIp) X(k_write_up, WriteUp) \
    X(k_write_c, WriteC) X(k_write_s, WriteS) X(k_write_o, WriteO) X(k_write_new, WriteNew) \
    X(k_throw_value, ThrowValue) X(k_no_entry, NoEntry)

#endif
