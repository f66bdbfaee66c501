#ifndef TONMEISTER_CQRENCODE_SHIM_H
#define TONMEISTER_CQRENCODE_SHIM_H
/* libqrencode (Debian libqrencode-dev): QR codes for the URL `tonmeister serve` prints for the tablet to scan. */
#include <qrencode.h>
#endif
