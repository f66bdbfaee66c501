/* Glyph boxes through FreeType, loaded the first time a font is opened (as lazy.c loads cairo and poppler).

   The drawing reader (Sources/ScoreDocument/Vector/ContentDrawingReader.swift) needs the box of each glyph a page
   shows, as cairo reports it when poppler draws the page: FreeType's control box of the unscaled outline. FreeType
   reads CFF (bare and CID-keyed), Type 1, TrueType and OpenType programs, so every embedded font a page names is
   read the way poppler's own drawing reads it. When FreeType cannot be loaded, `tm_font_open` fails and the page
   is read another way: nothing here ends the process. */
#include "CPoppler.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_CID_H
#include FT_FONT_FORMATS_H
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The FreeType functions used, found with dlsym once (their types from FreeType's own headers). */
static struct {
    __typeof__(&FT_Init_FreeType) init;
    __typeof__(&FT_Done_FreeType) done;
    __typeof__(&FT_New_Memory_Face) newMemoryFace;
    __typeof__(&FT_Done_Face) doneFace;
    __typeof__(&FT_Load_Glyph) loadGlyph;
    __typeof__(&FT_Outline_Get_CBox) cbox;
    __typeof__(&FT_Get_Name_Index) nameIndex;
    __typeof__(&FT_Get_Glyph_Name) glyphName;
    __typeof__(&FT_Select_Charmap) selectCharmap;
    __typeof__(&FT_Set_Charmap) setCharmap;
    __typeof__(&FT_Get_Char_Index) charIndex;
    __typeof__(&FT_Get_CID_From_Glyph_Index) cidOfGlyph;
    __typeof__(&FT_Get_CID_Is_Internally_CID_Keyed) isCIDKeyed;
    __typeof__(&FT_Get_Font_Format) format;
    int loaded; /* 1: every function found; -1: FreeType is missing. */
} ft;
static pthread_once_t ftOnce = PTHREAD_ONCE_INIT;

static void tm_freetype_load(void) {
    void *handle = dlopen("libfreetype.so.6", RTLD_NOW | RTLD_GLOBAL);
    if (!handle) handle = dlopen("libfreetype.so", RTLD_NOW | RTLD_GLOBAL);
    ft.loaded = -1;
    if (!handle) return;
#define TM_FIND(field, name) if (!(ft.field = (__typeof__(ft.field))dlsym(handle, #name))) return;
    TM_FIND(init, FT_Init_FreeType)
    TM_FIND(done, FT_Done_FreeType)
    TM_FIND(newMemoryFace, FT_New_Memory_Face)
    TM_FIND(doneFace, FT_Done_Face)
    TM_FIND(loadGlyph, FT_Load_Glyph)
    TM_FIND(cbox, FT_Outline_Get_CBox)
    TM_FIND(nameIndex, FT_Get_Name_Index)
    TM_FIND(glyphName, FT_Get_Glyph_Name)
    TM_FIND(selectCharmap, FT_Select_Charmap)
    TM_FIND(setCharmap, FT_Set_Charmap)
    TM_FIND(charIndex, FT_Get_Char_Index)
    TM_FIND(cidOfGlyph, FT_Get_CID_From_Glyph_Index)
    TM_FIND(isCIDKeyed, FT_Get_CID_Is_Internally_CID_Keyed)
    TM_FIND(format, FT_Get_Font_Format)
#undef TM_FIND
    ft.loaded = 1;
}

int tm_freetype_available(void) {
    pthread_once(&ftOnce, tm_freetype_load);
    return ft.loaded == 1;
}

/* One font program: its own FreeType library (a face is used by one thread at a time) and a copy of its bytes,
   which FreeType reads for as long as the face lives. */
struct tm_font {
    FT_Library library;
    FT_Face face;
    unsigned char *bytes;
};

tm_font *tm_font_open(const unsigned char *data, long length) {
    if (!tm_freetype_available() || length <= 0) return NULL;
    tm_font *font = calloc(1, sizeof *font);
    if (!font) return NULL;
    font->bytes = malloc((size_t)length);
    if (!font->bytes || ft.init(&font->library) != 0) {
        free(font->bytes);
        free(font);
        return NULL;
    }
    memcpy(font->bytes, data, (size_t)length);
    if (ft.newMemoryFace(font->library, font->bytes, length, 0, &font->face) != 0 || font->face->units_per_EM == 0) {
        tm_font_close(font);
        return NULL;
    }
    return font;
}

void tm_font_close(tm_font *font) {
    if (!font) return;
    if (font->face) ft.doneFace(font->face);
    if (font->library) ft.done(font->library);
    free(font->bytes);
    free(font);
}

long tm_font_glyph_count(const tm_font *font) { return font->face->num_glyphs; }

const char *tm_font_format(const tm_font *font) {
    const char *format = ft.format(font->face);
    return format ? format : "";
}

int tm_font_glyph_box(tm_font *font, unsigned glyph, double box[4]) {
    FT_Face face = font->face;
    if ((long)glyph >= face->num_glyphs) return -1;
    if (ft.loadGlyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_IGNORE_TRANSFORM) != 0) return -1;
    if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return -1;
    if (face->glyph->outline.n_points <= 0) return 1;
    FT_BBox cbox;
    ft.cbox(&face->glyph->outline, &cbox);
    double em = face->units_per_EM;
    box[0] = cbox.xMin / em;
    box[1] = cbox.yMin / em;
    box[2] = cbox.xMax / em;
    box[3] = cbox.yMax / em;
    return 0;
}

unsigned tm_font_glyph_named(tm_font *font, const char *name) {
    return ft.nameIndex(font->face, name);
}

int tm_font_glyph_name(tm_font *font, unsigned glyph, char *buffer, unsigned length) {
    if (!FT_HAS_GLYPH_NAMES(font->face) || length == 0) return -1;
    buffer[0] = 0;
    return ft.glyphName(font->face, glyph, buffer, length) == 0 ? 0 : -1;
}

/* The glyph of `code` in the charmap (platform, encoding) of a TrueType font; 0 when there is none. */
unsigned tm_font_glyph_in_cmap(tm_font *font, int platform, int encoding, unsigned long code, int *found) {
    FT_Face face = font->face;
    *found = 0;
    for (int i = 0; i < face->num_charmaps; i++) {
        FT_CharMap map = face->charmaps[i];
        if (map->platform_id != platform || map->encoding_id != encoding) continue;
        if (ft.setCharmap(face, map) != 0) return 0;
        *found = 1;
        return ft.charIndex(face, code);
    }
    return 0;
}

/* The glyph the font's own encoding gives `code` (a Type 1 or CFF font's built-in encoding); 0 when none. */
unsigned tm_font_builtin_glyph(tm_font *font, unsigned code) {
    FT_Face face = font->face;
    if (ft.selectCharmap(face, FT_ENCODING_ADOBE_CUSTOM) != 0 && ft.selectCharmap(face, FT_ENCODING_ADOBE_STANDARD) != 0)
        return 0;
    return ft.charIndex(face, code);
}

int tm_font_is_cid_keyed(tm_font *font) {
    FT_Bool keyed = 0;
    return ft.isCIDKeyed(font->face, &keyed) == 0 && keyed;
}

long tm_font_cid_of_glyph(tm_font *font, unsigned glyph) {
    FT_UInt cid = 0;
    return ft.cidOfGlyph(font->face, glyph, &cid) == 0 ? (long)cid : -1;
}
