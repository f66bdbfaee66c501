/* Stand-ins for libcurl and libarchive, made in memory before libtesseract is loaded (lazy.c), so that loading it
   does not load them and the 31 libraries they need (GnuTLS, Kerberos, LDAP, SSH, RTMP, nettle, libxml2...).
   Tesseract calls libcurl only to read an image named by a URL and libarchive only to open a model packed in an
   archive; bar numbers are read from pixels in memory with a model read by lazy.c, so neither is ever called for
   us. Loading them was most of the dynamic loader's work for OCR: `dlopen` of libtesseract 7-8 ms of processor
   time with them, 3 ms without (docs/benchmarks.md, "scans").

   Each stand-in is a small shared object written into a memory file (memfd) and opened with `dlopen`: its name
   (DT_SONAME) is the library's, so the dynamic loader takes it for libtesseract's DT_NEEDED entry instead of
   looking for the file; its symbols are absolute (SHN_ABS) and hold the addresses of the functions below, which
   answer as the library would when it cannot do the work (NULL, an error). libcurl's symbols carry its version
   (CURL_OPENSSL_4), which libtesseract's references name. A stand-in keeps its name in the process: a library
   loaded after it that needs libcurl or libarchive would be handed the stand-in, so none may; none of the others
   Tonmeister loads does (poppler-glib, cairo, FreeType, libjpeg-turbo, libtiff, libsndfile...: checked on the
   build machine by ScannedNumberTests), and a stand-in is not made when the real library is loaded already. glibc
   only (2.28 or later: an absolute symbol's value is not moved by the object's load address); elsewhere, or when
   anything fails, nothing is made and libtesseract loads its real libraries. */
#define _GNU_SOURCE 1
#include "stubs.h"
#include <stdint.h> /* glibc's version macros */

#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 28)) && \
    (defined(__x86_64__) || defined(__aarch64__))
#include <dlfcn.h>
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* libcurl: an easy handle is never made. */
static void *tm_curl_easy_init(void) { return NULL; }
static void tm_curl_easy_cleanup(void *handle) { (void)handle; }
static int tm_curl_easy_perform(void *handle) { (void)handle; return 2; /* CURLE_FAILED_INIT */ }
static int tm_curl_easy_setopt(void *handle, int option, ...) { (void)handle; (void)option; return 2; }
static const char *tm_curl_easy_strerror(int code) { (void)code; return "libcurl is not loaded by Tonmeister"; }

/* libarchive: no archive is ever opened, so Tesseract reads a model file as a plain file. */
static void *tm_archive_read_new(void) { return NULL; }
static int tm_archive_read_free(void *archive) { (void)archive; return 0; }
static int tm_archive_fails(void *archive) { (void)archive; return -30; /* ARCHIVE_FATAL */ }
static int tm_archive_read_open_filename(void *archive, const char *name, size_t block) {
    (void)archive; (void)name; (void)block; return -30;
}
static int tm_archive_read_next_header(void *archive, void **entry) { (void)archive; (void)entry; return 1; /* EOF */ }
static long tm_archive_read_data(void *archive, void *buffer, size_t size) { (void)archive; (void)buffer; (void)size; return -30; }
static const char *tm_archive_entry_pathname(void *entry) { (void)entry; return NULL; }
static int64_t tm_archive_entry_size(void *entry) { (void)entry; return 0; }

struct tm_stub_symbol {
    const char *name;
    void *address;
};

#define TM_STUB_MAX_SYMBOLS 16
#define TM_STUB_MAX_BYTES 4096

/* The System V hash of ELF symbol tables (DT_HASH) and version definitions. */
static uint32_t tm_elf_hash(const char *name) {
    uint32_t h = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        h = (h << 4) + *p;
        uint32_t g = h & 0xf0000000u;
        if (g) h ^= g >> 24;
        h &= ~g;
    }
    return h;
}

/* A shared object named `soname` defining `symbols` as absolute function symbols, with version `version` when not
   NULL, written into `out` (at most TM_STUB_MAX_BYTES); its size, or 0 when it does not fit. One segment, readable
   and writable (the loader adjusts the dynamic section's addresses in place), and a non-executable stack. */
static size_t tm_stub_object(const char *soname, const char *version, const struct tm_stub_symbol *symbols, int count,
                             unsigned char *out) {
    if (count < 1 || count > TM_STUB_MAX_SYMBOLS) return 0;
    memset(out, 0, TM_STUB_MAX_BYTES);
    const int versioned = version != NULL, nsym = count + 1;
    /* The layout: header, 3 program headers, symbols, hash table, version indices and definitions, strings, dynamic. */
    size_t at = sizeof(Elf64_Ehdr) + 3 * sizeof(Elf64_Phdr);
    const size_t symtab = at;
    at += nsym * sizeof(Elf64_Sym);
    const size_t hash = at;
    at += (2 + 1 + nsym) * sizeof(uint32_t);
    const size_t versym = at;
    if (versioned) at += nsym * sizeof(Elf64_Half);
    at = (at + 7) & ~(size_t)7;
    const size_t verdef = at;
    if (versioned) at += 2 * (sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux));
    const size_t strtab = at;
    /* The strings: "", the soname, the version, the symbols' names. */
    size_t strsize = 1;
    const size_t soname_at = strsize;
    strsize += strlen(soname) + 1;
    const size_t version_at = strsize;
    if (versioned) strsize += strlen(version) + 1;
    size_t names_at[TM_STUB_MAX_SYMBOLS];
    for (int i = 0; i < count; i++) {
        names_at[i] = strsize;
        strsize += strlen(symbols[i].name) + 1;
    }
    at += strsize;
    at = (at + 7) & ~(size_t)7;
    const size_t dynamic = at;
    const int ndyn = versioned ? 10 : 7;
    at += ndyn * sizeof(Elf64_Dyn);
    const size_t size = at;
    if (size > TM_STUB_MAX_BYTES) return 0;

    Elf64_Ehdr *header = (Elf64_Ehdr *)out;
    memcpy(header->e_ident, ELFMAG, SELFMAG);
    header->e_ident[EI_CLASS] = ELFCLASS64;
    header->e_ident[EI_DATA] = ELFDATA2LSB;
    header->e_ident[EI_VERSION] = EV_CURRENT;
    header->e_ident[EI_OSABI] = ELFOSABI_SYSV;
    header->e_type = ET_DYN;
#if defined(__x86_64__)
    header->e_machine = EM_X86_64;
#else
    header->e_machine = EM_AARCH64;
#endif
    header->e_version = EV_CURRENT;
    header->e_phoff = sizeof(Elf64_Ehdr);
    header->e_ehsize = sizeof(Elf64_Ehdr);
    header->e_phentsize = sizeof(Elf64_Phdr);
    header->e_phnum = 3;
    header->e_shentsize = sizeof(Elf64_Shdr);

    Elf64_Phdr *program = (Elf64_Phdr *)(out + header->e_phoff);
    program[0] = (Elf64_Phdr){.p_type = PT_LOAD, .p_flags = PF_R | PF_W, .p_offset = 0, .p_vaddr = 0, .p_paddr = 0,
                              .p_filesz = size, .p_memsz = size, .p_align = 0x1000};
    program[1] = (Elf64_Phdr){.p_type = PT_DYNAMIC, .p_flags = PF_R | PF_W, .p_offset = dynamic, .p_vaddr = dynamic,
                              .p_paddr = dynamic, .p_filesz = ndyn * sizeof(Elf64_Dyn),
                              .p_memsz = ndyn * sizeof(Elf64_Dyn), .p_align = 8};
    program[2] = (Elf64_Phdr){.p_type = PT_GNU_STACK, .p_flags = PF_R | PF_W, .p_align = 16};

    char *strings = (char *)(out + strtab);
    strcpy(strings + soname_at, soname);
    if (versioned) strcpy(strings + version_at, version);
    Elf64_Sym *sym = (Elf64_Sym *)(out + symtab);
    uint32_t *table = (uint32_t *)(out + hash);
    table[0] = 1; /* one bucket: every symbol on one chain */
    table[1] = (uint32_t)nsym;
    table[2] = count > 0 ? 1 : 0;
    uint32_t *chain = table + 3;
    for (int i = 0; i < count; i++) {
        strcpy(strings + names_at[i], symbols[i].name);
        sym[i + 1] = (Elf64_Sym){.st_name = (Elf64_Word)names_at[i], .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
                                 .st_other = STV_DEFAULT, .st_shndx = SHN_ABS,
                                 .st_value = (Elf64_Addr)(uintptr_t)symbols[i].address};
        chain[i + 1] = i + 1 < count ? (uint32_t)(i + 2) : 0;
    }
    if (versioned) {
        Elf64_Half *indices = (Elf64_Half *)(out + versym);
        indices[0] = 0;
        for (int i = 1; i < nsym; i++) indices[i] = 2;
        /* Definition 1: the object itself (its soname); definition 2: the version its symbols carry. */
        unsigned char *d = out + verdef;
        const size_t entry = sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux);
        const char *names[2] = {soname, version};
        const size_t name_at[2] = {soname_at, version_at};
        for (int k = 0; k < 2; k++) {
            Elf64_Verdef *definition = (Elf64_Verdef *)(d + k * entry);
            *definition = (Elf64_Verdef){.vd_version = VER_DEF_CURRENT, .vd_flags = k == 0 ? VER_FLG_BASE : 0,
                                         .vd_ndx = (Elf64_Half)(k + 1), .vd_cnt = 1, .vd_hash = tm_elf_hash(names[k]),
                                         .vd_aux = sizeof(Elf64_Verdef), .vd_next = k == 0 ? (Elf64_Word)entry : 0};
            *(Elf64_Verdaux *)(d + k * entry + sizeof(Elf64_Verdef)) = (Elf64_Verdaux){.vda_name = (Elf64_Word)name_at[k]};
        }
    }
    Elf64_Dyn *dyn = (Elf64_Dyn *)(out + dynamic);
    int n = 0;
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_SONAME, .d_un.d_val = soname_at};
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_HASH, .d_un.d_ptr = hash};
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_STRTAB, .d_un.d_ptr = strtab};
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_SYMTAB, .d_un.d_ptr = symtab};
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_STRSZ, .d_un.d_val = strsize};
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_SYMENT, .d_un.d_val = sizeof(Elf64_Sym)};
    if (versioned) {
        dyn[n++] = (Elf64_Dyn){.d_tag = DT_VERSYM, .d_un.d_ptr = versym};
        dyn[n++] = (Elf64_Dyn){.d_tag = DT_VERDEF, .d_un.d_ptr = verdef};
        dyn[n++] = (Elf64_Dyn){.d_tag = DT_VERDEFNUM, .d_un.d_val = 2};
    }
    dyn[n++] = (Elf64_Dyn){.d_tag = DT_NULL};
    return n == ndyn ? size : 0;
}

/* Opens a stand-in made by tm_stub_object: NULL when a library of that name is loaded already, or on any failure.
   Its memory file is left open in `*fd` (-1 if none) for the caller to close once every stand-in is open: the loader
   knows an object by its path, and a second stand-in opened as the same /proc/self/fd/N would be taken for the
   first. */
static void *tm_open_stub(const char *soname, const char *version, const struct tm_stub_symbol *symbols, int count,
                          int *fd) {
    *fd = -1;
    void *loaded = dlopen(soname, RTLD_LAZY | RTLD_NOLOAD);
    if (loaded) {
        dlclose(loaded);
        return NULL;
    }
    static unsigned char bytes[TM_STUB_MAX_BYTES];
    size_t size = tm_stub_object(soname, version, symbols, count, bytes);
    if (!size || (*fd = memfd_create(soname, MFD_CLOEXEC)) < 0) return NULL;
    if (write(*fd, bytes, size) != (ssize_t)size) return NULL;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", *fd);
    return dlopen(path, RTLD_LAZY | RTLD_LOCAL);
}

int tm_stub_tesseract_network_libraries(void **handles) {
    static const struct tm_stub_symbol curl[] = {
        {"curl_easy_init", (void *)tm_curl_easy_init},
        {"curl_easy_cleanup", (void *)tm_curl_easy_cleanup},
        {"curl_easy_perform", (void *)tm_curl_easy_perform},
        {"curl_easy_setopt", (void *)tm_curl_easy_setopt},
        {"curl_easy_strerror", (void *)tm_curl_easy_strerror},
    };
    static const struct tm_stub_symbol archive[] = {
        {"archive_read_new", (void *)tm_archive_read_new},
        {"archive_read_free", (void *)tm_archive_read_free},
        {"archive_read_support_filter_all", (void *)tm_archive_fails},
        {"archive_read_support_format_all", (void *)tm_archive_fails},
        {"archive_read_open_filename", (void *)tm_archive_read_open_filename},
        {"archive_read_next_header", (void *)tm_archive_read_next_header},
        {"archive_read_data", (void *)tm_archive_read_data},
        {"archive_entry_pathname", (void *)tm_archive_entry_pathname},
        {"archive_entry_size", (void *)tm_archive_entry_size},
    };
    int fds[2];
    handles[0] = tm_open_stub("libcurl.so.4", "CURL_OPENSSL_4", curl, sizeof curl / sizeof curl[0], &fds[0]);
    handles[1] = tm_open_stub("libarchive.so.13", NULL, archive, sizeof archive / sizeof archive[0], &fds[1]);
    for (int k = 0; k < 2; k++)
        if (fds[k] >= 0) close(fds[k]);
    return (handles[0] != NULL) + (handles[1] != NULL);
}

int tm_stubs_serve(void *handle) {
    return dlsym(handle, "curl_easy_init") == (void *)tm_curl_easy_init &&
           dlsym(handle, "archive_read_new") == (void *)tm_archive_read_new;
}
#else
int tm_stub_tesseract_network_libraries(void **handles) {
    handles[0] = handles[1] = NULL;
    return 0;
}

int tm_stubs_serve(void *handle) {
    (void)handle;
    return 0;
}
#endif
