// Reading a product's barcode with the camera: on Android through Google's code scanner (ML Kit
// in Play services, @capacitor-mlkit/barcode-scanning's scan(): its own screen, no camera
// permission for the app); on the web the code is typed (or a USB/Bluetooth reader types it).
import { Capacitor } from '@capacitor/core';

/** Whether this device reads barcodes with the camera (the Android app). */
export function podeLerComCamera(): boolean {
  return Capacitor.isNativePlatform() && Capacitor.isPluginAvailable('BarcodeScanner');
}

/** The code to look up among what the scanner read: the first GTIN (digits only), else the first. */
export function escolherCodigo(lidos: readonly string[]): string | null {
  const valores = lidos.map((v) => v.trim()).filter(Boolean);
  return valores.find((v) => /^\d{8,14}$/.test(v)) ?? valores[0] ?? null;
}

/** The scanner's module is downloaded by Play services on first use: how long to wait for it. */
const ESPERA_MODULO_MS = 60_000;

export const MSG_SEM_MODULO = 'O leitor de código de barras do Google Play ainda não está disponível neste aparelho. Conecte-se à internet e tente de novo, ou digite o código.';
export const MSG_FALHA_LEITURA = 'Não foi possível ler o código com a câmera. Tente de novo ou digite o código.';

/**
 * Opens the camera and resolves with the code read (null when the seller closes the scanner).
 * Rejects with a pt-BR message when the scanner is not available or fails.
 */
export async function lerCodigoComCamera(): Promise<string | null> {
  const { BarcodeScanner, BarcodeFormat, GoogleBarcodeScannerModuleInstallState } = await import('@capacitor-mlkit/barcode-scanning');
  if (Capacitor.getPlatform() === 'android') {
    const { available } = await BarcodeScanner.isGoogleBarcodeScannerModuleAvailable();
    if (!available) {
      const instalado = new Promise<boolean>((resolve) => {
        const limite = setTimeout(() => resolve(false), ESPERA_MODULO_MS);
        void BarcodeScanner.addListener('googleBarcodeScannerModuleInstallProgress', (e) => {
          if (e.state === GoogleBarcodeScannerModuleInstallState.COMPLETED) resolve(true);
          else if (e.state === GoogleBarcodeScannerModuleInstallState.FAILED || e.state === GoogleBarcodeScannerModuleInstallState.CANCELED) resolve(false);
          else return;
          clearTimeout(limite);
        });
      });
      await BarcodeScanner.installGoogleBarcodeScannerModule().catch(() => undefined);
      const ok = await instalado;
      void BarcodeScanner.removeAllListeners();
      if (!ok) throw new Error(MSG_SEM_MODULO);
    }
  }
  try {
    const { barcodes } = await BarcodeScanner.scan({
      formats: [BarcodeFormat.Ean13, BarcodeFormat.Ean8, BarcodeFormat.UpcA, BarcodeFormat.UpcE, BarcodeFormat.Code128, BarcodeFormat.Itf],
    });
    return escolherCodigo(barcodes.map((b) => b.rawValue ?? ''));
  } catch (e) {
    if (/cancel/i.test(e instanceof Error ? e.message : String(e))) return null;
    throw new Error(MSG_FALHA_LEITURA);
  }
}
