/*
 * elfutils' libdwfl, loaded when first used (dwfl_lazy.c).  Include
 * this instead of <elfutils/libdwfl.h>: each dwfl_ function the project
 * calls becomes a stand-in of the same type (checked here) that calls
 * the library's once it is loaded.
 */
#ifndef BDT_DWFL_LAZY_H
#define BDT_DWFL_LAZY_H

#include <elfutils/libdwfl.h>

#define DWFL_LAZY(name) extern __typeof__(name) lazy_##name;
DWFL_LAZY(dwfl_addrmodule)
DWFL_LAZY(dwfl_begin)
DWFL_LAZY(dwfl_build_id_find_elf)
DWFL_LAZY(dwfl_end)
DWFL_LAZY(dwfl_getmodules)
DWFL_LAZY(dwfl_linux_proc_find_elf)
DWFL_LAZY(dwfl_linux_proc_report)
DWFL_LAZY(dwfl_module_addrinfo)
DWFL_LAZY(dwfl_module_getelf)
DWFL_LAZY(dwfl_module_getsym_info)
DWFL_LAZY(dwfl_module_getsymtab)
DWFL_LAZY(dwfl_module_info)
DWFL_LAZY(dwfl_offline_section_address)
DWFL_LAZY(dwfl_report_elf)
DWFL_LAZY(dwfl_report_end)
DWFL_LAZY(dwfl_standard_find_debuginfo)
#undef DWFL_LAZY

#define dwfl_addrmodule lazy_dwfl_addrmodule
#define dwfl_begin lazy_dwfl_begin
#define dwfl_build_id_find_elf lazy_dwfl_build_id_find_elf
#define dwfl_end lazy_dwfl_end
#define dwfl_getmodules lazy_dwfl_getmodules
#define dwfl_linux_proc_find_elf lazy_dwfl_linux_proc_find_elf
#define dwfl_linux_proc_report lazy_dwfl_linux_proc_report
#define dwfl_module_addrinfo lazy_dwfl_module_addrinfo
#define dwfl_module_getelf lazy_dwfl_module_getelf
#define dwfl_module_getsym_info lazy_dwfl_module_getsym_info
#define dwfl_module_getsymtab lazy_dwfl_module_getsymtab
#define dwfl_module_info lazy_dwfl_module_info
#define dwfl_offline_section_address lazy_dwfl_offline_section_address
#define dwfl_report_elf lazy_dwfl_report_elf
#define dwfl_report_end lazy_dwfl_report_end
#define dwfl_standard_find_debuginfo lazy_dwfl_standard_find_debuginfo

#endif
